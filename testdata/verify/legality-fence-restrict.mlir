// SYNC-MODEL §1, fences. A fence accepts acquire, release, acq_rel and sc with a scope. A
// `restrict`-ed fence (PTX .sync_restrict) ties the semantic to the space: release with
// shared_cta, acquire with shared_cluster, and its scope is always cluster (ptxas rejects the
// other combinations). On every dialect.
// RUN: tile-opt %s --verify-diagnostics

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
    %t0 = "cuda_tile.fence_tko"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> !cuda_tile.token
    %t1 = "cuda_tile.fence_tko"(%t0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!cuda_tile.token) -> !cuda_tile.token
    // expected-error@+1 {{'fence_tko' does not accept semantic 'relaxed'; expected one of: acquire, release, acq_rel, sc}}
    %t2 = "cuda_tile.fence_tko"() {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : () -> !cuda_tile.token
    // expected-error@+1 {{'fence_tko' with semantic 'sc' requires a scope}}
    %t3 = "cuda_tile.fence_tko"() {mem_semantic = #mem.sem<sc>} : () -> !cuda_tile.token
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "tile_level"} : () -> ()
}) : () -> ()

"nv_tileas.kernel"() ({
  // Accepted: every fence semantic; both restricted fences.
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cluster>} : () -> ()
  // Rejected: plain fences.
  // expected-error@+1 {{'fence' does not accept semantic 'weak'; expected one of: acquire, release, acq_rel, sc}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<weak>} : () -> ()
  // expected-error@+1 {{'fence' with semantic 'acq_rel' requires a scope}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>} : () -> ()
  // Rejected: restricted fences with the wrong semantic, scope or space.
  // expected-error@+1 {{'fence' with restrict 'shared_cta' does not accept semantic 'acquire'; expected: release (sync_restrict::shared::cta is release-only)}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
  // expected-error@+1 {{'fence' with restrict 'shared_cluster' does not accept semantic 'release'; expected: acquire (sync_restrict::shared::cluster is acquire-only)}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cluster>} : () -> ()
  // expected-error@+1 {{'fence' with restrict 'shared_cta' does not accept semantic 'acq_rel'; expected one of: release, acquire}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
  // expected-error@+1 {{'fence' with restrict 'shared_cta' does not accept scope 'cta'; expected one of: cluster}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, restrict = #mem.space<shared_cta>} : () -> ()
  // expected-error@+1 {{'fence' with restrict 'shared_cluster' requires a scope; expected one of: cluster}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, restrict = #mem.space<shared_cluster>} : () -> ()
  // expected-error@+1 {{'fence' does not accept restrict space 'global'; expected one of: shared_cta, shared_cluster}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<global>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "simt_level"} : () -> ()

"ptx.kernel"() ({
  "ptx.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
  "ptx.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cluster>} : () -> ()
  // expected-error@+1 {{'fence' with restrict 'shared_cluster' does not accept scope 'gpu'; the form fence.sync_restrict accepts: cluster}}
  "ptx.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>, restrict = #mem.space<shared_cluster>} : () -> ()
  // expected-error@+1 {{'fence' does not accept semantic 'relaxed'}}
  "ptx.fence"() {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : () -> ()
  // expected-error@+1 {{'fence' requires attribute 'mem_scope' (a #mem.scope attribute)}}
  "ptx.fence"() {mem_semantic = #mem.sem<acq_rel>} : () -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_level", param_types = []} : () -> ()
