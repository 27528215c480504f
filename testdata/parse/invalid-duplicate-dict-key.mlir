// RUN: tile-opt %s --verify-diagnostics
// The same key twice in one attribute dictionary.

// expected-error@+1 {{duplicate key 'mem_semantic' in attribute dictionary}}
"nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>, mem_semantic = #mem.sem<release>} : () -> ()
