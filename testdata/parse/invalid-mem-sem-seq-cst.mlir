// RUN: tile-opt %s --verify-diagnostics
// `seq_cst` is not a memory semantic spelling (tilec writes it `sc`).

"nv_tileas.kernel"() ({
  // expected-error@+1 {{unknown memory semantic 'seq_cst'; expected one of: weak, relaxed, acquire, release, acq_rel, sc}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<seq_cst>, mem_scope = #mem.scope<gpu>} : () -> ()
}) : () -> ()
