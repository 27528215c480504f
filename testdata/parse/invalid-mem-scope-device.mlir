// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's custom-syntax scope keyword `device` is not a #mem.scope spelling (the generic form
// writes `gpu`).

"nv_tileas.kernel"() ({
  // expected-error@+1 {{unknown memory scope 'device'; expected one of: cta, cluster, gpu, sys}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<device>} : () -> ()
}) : () -> ()
