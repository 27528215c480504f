// SYNC-MODEL §1, atomics and reductions. rmw/cas accept relaxed, acquire, release, acq_rel and sc,
// always with a scope (no weak atomic exists); reductions accept relaxed and release only (no
// acquire side: a reduction returns nothing to acquire from; no sc: PTX has no `red.sc` and a
// fence.sc + red.release would still not be a seq_cst rmw). The ptx dialect has no `.sc`.
// RUN: tile-opt %s --verify-diagnostics

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%p: !cuda_tile.tile<!cuda_tile.ptr<i32>>, %v: !cuda_tile.tile<i32>):
    // Accepted.
    %o1, %t1 = "cuda_tile.atomic_rmw_tko"(%p, %v) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    %o2, %t2 = "cuda_tile.atomic_cas_tko"(%p, %v, %v, %t1) {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    // expected-error@+1 {{'atomic_rmw_tko' does not accept semantic 'weak'; expected one of: relaxed, acquire, release, acq_rel, sc}}
    %o3, %t3 = "cuda_tile.atomic_rmw_tko"(%p, %v) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<weak>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    // expected-error@+1 {{'atomic_cas_tko' with semantic 'acquire' requires a scope; expected one of: cta, cluster, gpu, sys}}
    %o4, %t4 = "cuda_tile.atomic_cas_tko"(%p, %v, %v) {mem_semantic = #mem.sem<acquire>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "tile_level"} : () -> ()
}) : () -> ()

"nv_tileaa.kernel"() ({
^bb0(%p: !nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>, %v: !nv_tileaa.tile<i32>):
  %o1, %t1 = "nv_tileaa.atomic_rmw_tko"(%p, %v) {kind = #mem.rmw<max>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (!nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>, !nv_tileaa.tile<i32>) -> (!nv_tileaa.tile<i32>, !nv_tileaa.token)
  // expected-error@+1 {{'atomic_rmw_tko' with semantic 'relaxed' requires a scope}}
  %o2, %t2 = "nv_tileaa.atomic_rmw_tko"(%p, %v, %t1) {kind = #mem.rmw<max>, mem_semantic = #mem.sem<relaxed>} : (!nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>, !nv_tileaa.tile<i32>, !nv_tileaa.token) -> (!nv_tileaa.tile<i32>, !nv_tileaa.token)
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "aa_level"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %v: i32):
  // Accepted: every atom semantic, both red semantics.
  %a = "nv_tileas.atom"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  %b = "nv_tileas.atom"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  %c = "nv_tileas.atom"(%g, %v) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<sys>} : (!nv_tileas.ptr<global>, i32) -> i32
  %d = "nv_tileas.atom"(%g, %v, %v) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<global>, i32, i32) -> i32
  %e = "nv_tileas.atom"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  "nv_tileas.red"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.red"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<sys>} : (!nv_tileas.ptr<global>, i32) -> ()
  // Rejected: sc on red, an acquire-side red, a weak atom.
  // expected-error@+1 {{'red' does not accept semantic 'sc'; expected one of: relaxed, release}}
  "nv_tileas.red"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  // expected-error@+1 {{'red' does not accept semantic 'acquire'; expected one of: relaxed, release}}
  "nv_tileas.red"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  // expected-error@+1 {{'red' does not accept semantic 'acq_rel'; expected one of: relaxed, release}}
  "nv_tileas.red"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  // expected-error@+1 {{'atom' does not accept semantic 'weak'; expected one of: relaxed, acquire, release, acq_rel, sc}}
  %f = "nv_tileas.atom"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> i32
  // expected-error@+1 {{'red' with semantic 'relaxed' requires a scope}}
  "nv_tileas.red"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "simt_level"} : () -> ()

"ptx.kernel"() ({
  %p = "ptx.ld_param"() {index = 0 : i32} : () -> i64
  %g = "ptx.cvta_global"(%p) : (i64) -> i64
  %one = "ptx.mov_imm"() {value = 1 : i32} : () -> i32
  %a = "ptx.atom"(%g, %one) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (i64, i32) -> i32
  "ptx.red"(%g, %one) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (i64, i32) -> ()
  // expected-error@+1 {{'atom' cannot carry '.sc' in PTX}}
  %b = "ptx.atom"(%g, %one) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (i64, i32) -> i32
  // expected-error@+1 {{'red' does not accept semantic 'acq_rel'; the form red.sem accepts: relaxed, release}}
  "ptx.red"(%g, %one) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (i64, i32) -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_level", param_types = [i64]} : () -> ()
