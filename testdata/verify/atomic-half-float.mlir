// Atomics on f16 and bf16 (NVIDIA's ops.mlir test_atomic_rmw_f16/bf16): PTX has only the add,
// `atom{.sem}{.scope}{.space}.add.noftz.f16` (PTX ISA 6.3, sm_70) and `.add.noftz.bf16` (PTX ISA
// 7.8, sm_90), also as `red`. Every other atomic on them (exchange, compare-and-swap, min/max,
// bitwise) is an error at every level; on sm_80 the bf16 add is an error at the op (the ISA
// table's `atom.add.bf16` row), the f16 add is not; the ptx dialect has the same rules.
// RUN: tile-opt %s --target sm_80 --verify-diagnostics

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f16>>, %q: tile<ptr<bf16>>) {
    %h = constant <f16: 1.0> : tile<f16>
    %b = constant <bf16: 1.0> : tile<bf16>
    // Accepted: add.
    %o1, %t1 = atomic_rmw_tko relaxed device %p, addf, %h : tile<ptr<f16>>, tile<f16> -> tile<f16>, token
    %o2, %t2 = atomic_rmw_tko relaxed device %q, addf, %b : tile<ptr<bf16>>, tile<bf16> -> tile<bf16>, token
    // expected-error@+1 {{'atomic_rmw_tko' 'exch' on 'f16' values: on f16 and bf16 PTX has only the atomic add (atom.add.noftz.f16, atom.add.noftz.bf16)}}
    %o3, %t3 = atomic_rmw_tko relaxed device %p, xchg, %h : tile<ptr<f16>>, tile<f16> -> tile<f16>, token
    // expected-error@+1 {{'atomic_rmw_tko' 'max' on 'bf16' values: on f16 and bf16 PTX has only the atomic add}}
    %o4, %t4 = atomic_rmw_tko relaxed device %q, max, %b : tile<ptr<bf16>>, tile<bf16> -> tile<bf16>, token
    return
  }
}

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %h: f16, %b: bf16):
  // Accepted on sm_80: the f16 add (sm_70).
  %a1 = "nv_tileas.atom"(%g, %h) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, f16) -> f16
  "nv_tileas.red"(%g, %h) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, f16) -> ()
  // expected-error@+1 {{'atom' of bf16 values (.add.noftz.bf16) needs sm_90 or later; the target is sm_80}}
  %a2 = "nv_tileas.atom"(%g, %b) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, bf16) -> bf16
  // expected-error@+1 {{'atom' 'exch' on 'f16' values: on f16 and bf16 PTX has only the atomic add}}
  %a3 = "nv_tileas.atom"(%g, %h) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, f16) -> f16
  // expected-error@+1 {{'red' 'min' on 'f16' values: on f16 and bf16 PTX has only the atomic add}}
  "nv_tileas.red"(%g, %h) {kind = #mem.rmw<min>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, f16) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "simt_atomics"} : () -> ()

"ptx.kernel"() ({
^bb0(%g: i64, %h: f16, %b: bf16):
  // Accepted on sm_80: atom.relaxed.gpu.global.add.noftz.f16.
  %a1 = "ptx.atom"(%g, %h) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (i64, f16) -> f16
  // expected-error@+1 {{'red' of bf16 values (.add.noftz.bf16) needs sm_90 or later; the target is sm_80}}
  "ptx.red"(%g, %b) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (i64, bf16) -> ()
  // expected-error@+1 {{'atom' 'exch' on 'f16' values: on f16 and bf16 PTX has only the atomic add}}
  %a2 = "ptx.atom"(%g, %h) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (i64, f16) -> f16
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_atomics", param_types = [i64, f16, bf16]} : () -> ()
