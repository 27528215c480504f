// SYNC-MODEL §1, the cluster barrier. cluster_arrive accepts release (the default) or relaxed;
// cluster_wait accepts acquire only (PTX has no relaxed wait). Their scope is the cluster: it may
// be written, and then it must say cluster.
// RUN: tile-opt %s --verify-diagnostics

"nv_tileas.kernel"() ({
  // Accepted.
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : () -> ()
  // Rejected.
  // expected-error@+1 {{'cluster_arrive' does not accept semantic 'acquire'; expected one of: release, relaxed}}
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  // expected-error@+1 {{'cluster_arrive' does not accept semantic 'sc'; expected one of: release, relaxed}}
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<sc>} : () -> ()
  // expected-error@+1 {{'cluster_wait' does not accept semantic 'relaxed'; expected one of: acquire}}
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  // expected-error@+1 {{'cluster_wait' does not accept semantic 'release'; expected one of: acquire}}
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<release>} : () -> ()
  // expected-error@+1 {{'cluster_arrive' does not accept scope 'gpu'; its scope is always 'cluster'}}
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
  // expected-error@+1 {{'cluster_wait' does not accept scope 'cta'; its scope is always 'cluster'}}
  "nv_tileas.cluster_wait"() {mem_scope = #mem.scope<cta>} : () -> ()
  // expected-error@+1 {{attribute 'mem_semantic' of 'cluster_arrive' must be a #mem.sem attribute, but it is a string}}
  "nv_tileas.cluster_arrive"() {mem_semantic = "relaxed"} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cluster_barrier", cluster_dims = array<i32: 2, 1, 1>} : () -> ()
