// SYNC-MODEL §1, loads and stores, on every dialect that has them. Loads accept weak, relaxed,
// acquire and sc; stores weak, relaxed, release and sc. Structural rule: weak carries no scope,
// every other semantic requires one. PTX itself has no `.sc` access (the lowering prints
// `fence.sc` + acquire/release), so the ptx dialect rejects sc on ld/st.
// RUN: tile-opt %s --verify-diagnostics

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%p: !cuda_tile.tile<!cuda_tile.ptr<i32>>, %v: !cuda_tile.tile<i32>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    // Accepted.
    %a, %t1 = "cuda_tile.load_ptr_tko"(%p, %t0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    %t2 = "cuda_tile.store_ptr_tko"(%p, %v, %t1) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<sys>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> !cuda_tile.token
    %t3 = "cuda_tile.store_ptr_tko"(%p, %v) {mem_semantic = #mem.sem<weak>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> !cuda_tile.token
    // Rejected (the issue's example message).
    // expected-error@+1 {{'store_ptr_tko' does not accept semantic 'acquire'; expected one of: weak, relaxed, release, sc}}
    %t4 = "cuda_tile.store_ptr_tko"(%p, %v) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> !cuda_tile.token
    // expected-error@+1 {{'load_ptr_tko' does not accept semantic 'release'; expected one of: weak, relaxed, acquire, sc}}
    %b, %t5 = "cuda_tile.load_ptr_tko"(%p) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    // expected-error@+1 {{'load_ptr_tko' with semantic 'weak' must not carry a scope (got 'cta')}}
    %c, %t6 = "cuda_tile.load_ptr_tko"(%p) {mem_semantic = #mem.sem<weak>, mem_scope = #mem.scope<cta>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "tile_level"} : () -> ()
}) : () -> ()

"nv_tileaa.kernel"() ({
^bb0(%p: !nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, %v: !nv_tileaa.tile<128xf32>):
  // Accepted: relaxed and sc with a scope.
  %a, %t1 = "nv_tileaa.load_ptr_tko"(%p) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>) -> (!nv_tileaa.tile<128xf32>, !nv_tileaa.token)
  %t2 = "nv_tileaa.store_ptr_tko"(%p, %v, %t1) {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<128xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  // expected-error@+1 {{'store_ptr_tko' does not accept semantic 'acq_rel'; expected one of: weak, relaxed, release, sc}}
  %t3 = "nv_tileaa.store_ptr_tko"(%p, %v) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<128xf32>) -> !nv_tileaa.token
  // expected-error@+1 {{'load_ptr_tko' with semantic 'acquire' requires a scope; expected one of: cta, cluster, gpu, sys}}
  %b, %t4 = "nv_tileaa.load_ptr_tko"(%p) {mem_semantic = #mem.sem<acquire>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>) -> (!nv_tileaa.tile<128xf32>, !nv_tileaa.token)
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "aa_level"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %s: !nv_tileas.ptr<shared_cta>, %v: i32):
  // Accepted: every load semantic, every store semantic.
  %a = "nv_tileas.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %b = "nv_tileas.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
  %c = "nv_tileas.ld"(%s) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %d = "nv_tileas.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.st"(%g, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.st"(%g, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.st"(%s, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.st"(%g, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  // Rejected.
  // expected-error@+1 {{'ld' does not accept semantic 'acq_rel'; expected one of: weak, relaxed, acquire, sc}}
  %e = "nv_tileas.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
  // expected-error@+1 {{'st' does not accept semantic 'acquire'; expected one of: weak, relaxed, release, sc}}
  "nv_tileas.st"(%g, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  // expected-error@+1 {{'st' with semantic 'weak' must not carry a scope (got 'gpu')}}
  "nv_tileas.st"(%g, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  // expected-error@+1 {{'st' with semantic 'release' requires a scope}}
  "nv_tileas.st"(%g, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<release>} : (!nv_tileas.ptr<global>, i32) -> ()
  // expected-error@+1 {{'ld' requires attribute 'mem_semantic' (a #mem.sem attribute)}}
  %f = "nv_tileas.ld"(%g) {space = #mem.space<global>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "simt_level"} : () -> ()

"ptx.kernel"() ({
  %p = "ptx.ld_param"() {index = 0 : i32} : () -> i64
  %g = "ptx.cvta_global"(%p) : (i64) -> i64
  // Accepted: the forms PTX has.
  %a = "ptx.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (i64) -> i32
  "ptx.st"(%g, %a) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<sys>} : (i64, i32) -> ()
  "ptx.st"(%g, %a) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (i64, i32) -> ()
  // Rejected: sc is legal above ptx, but PTX prints it as fence.sc + a strong access.
  // expected-error@+1 {{'ld' cannot carry '.sc' in PTX; sc is printed as 'fence.sc' followed by an acquire (ld), release (st/red) or acq_rel (atom) access}}
  %b = "ptx.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (i64) -> i32
  // expected-error@+1 {{'st' cannot carry '.sc' in PTX}}
  "ptx.st"(%g, %a) {space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (i64, i32) -> ()
  // expected-error@+1 {{'ld' does not accept semantic 'release'; the form ld.sem accepts: weak, relaxed, acquire}}
  %c = "ptx.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (i64) -> i32
  // expected-error@+1 {{'ld' with semantic 'acquire' requires a scope}}
  %d = "ptx.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>} : (i64) -> i32
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_level", param_types = [i64]} : () -> ()
