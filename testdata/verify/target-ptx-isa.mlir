// Target awareness, PTX ISA ceiling (`--ptx-isa`, target sm_90a): a form whose minimum PTX ISA
// exceeds the ceiling is an error naming the form and both versions. PTX 8.6 brought the
// relaxed mbarrier arrive/wait, the split fences and sync_restrict; 8.1 st.async/red.async.
// Above the ptx dialect the split and restricted fences are accepted (lower-as-to-ptx widens
// them to fence.acq_rel, which PTX 6.0 has); on the ptx dialect they are errors. expect_tx /
// complete_tx had their relaxed form from 8.0, the cluster barrier's .relaxed too.
// RUN: tile-opt %s --ptx-isa 8.0 --verify-diagnostics
// RUN: not tile-opt %s --ptx-isa 8.5 2>&1 | FileCheck %s --check-prefix=ISA85 --implicit-check-not=st_async --implicit-check-not=red_async
// RUN: tile-opt %s --ptx-isa 8.6 --passes verify-mem-legality > %t
// RUN: not tile-opt %s --target sm_90 --ptx-isa 7.8 2>&1 | FileCheck %s --check-prefix=ISA78 --implicit-check-not=cluster_wait
//
// At 8.5 st.async/red.async (8.1) verify; everything of 8.6 is still rejected.
// ISA85: 'mbarrier_arrive' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85: 'mbarrier_try_wait' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85: 'fence' with semantic 'acquire' (a split fence) needs PTX ISA 8.6 (form 'fence.acquire'), but --ptx-isa is 8.5
// ISA85: 'fence' with semantic 'release' (a split fence) needs PTX ISA 8.6 (form 'fence.release'), but --ptx-isa is 8.5
// ISA85: 'fence' with restrict (fence.sync_restrict) needs PTX ISA 8.6 (form 'fence.sync_restrict'), but --ptx-isa is 8.5
//
// At 7.8 (sm_90) the plain cluster barrier verifies; its explicit .relaxed, the mbarrier .sem.scope
// forms, remote arrivals and bulk copies (8.0) do not.
// ISA78: 'mbarrier_arrive' with scope 'cluster' needs PTX ISA 8.0 (form 'mbarrier.sem'), but --ptx-isa is 7.8
// ISA78: 'mbarrier_arrive' on a peer CTA's barrier (shared_cluster) needs PTX ISA 8.0 (form 'mbarrier.remote')
// ISA78: 'cluster_arrive' with semantic 'relaxed' needs PTX ISA 8.0 (form 'barrier.cluster.sem'), but --ptx-isa is 7.8
// ISA78: 'bulk_commit' needs PTX ISA 8.0 (form 'cp.async.bulk')

"nv_tileas.kernel"() ({
^bb0(%bar: !nv_tileas.ptr<shared_cta>, %peer: !nv_tileas.ptr<shared_cluster>, %v: i32):
  // Accepted at 8.0: widened fences, 8.0 mbarrier and cluster-barrier forms, bulk copies, wgmma.
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%peer) {space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 64 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %ok = "nv_tileas.mbarrier_try_wait"(%bar, %v) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  "nv_tileas.bulk_commit"() : () -> ()
  "nv_tileas.wgmma_fence"() : () -> ()

  // Rejected at 8.0.
  // expected-error@+1 {{'mbarrier_arrive' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.0}}
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_try_wait' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.0}}
  %ok2 = "nv_tileas.mbarrier_try_wait"(%bar, %v) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  // expected-error@+1 {{'st_async' needs PTX ISA 8.1 (form 'st.async'), but --ptx-isa is 8.0}}
  "nv_tileas.st_async"(%peer, %v, %peer) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
  // expected-error@+1 {{'red_async' needs PTX ISA 8.1 (form 'red.async'), but --ptx-isa is 8.0}}
  "nv_tileas.red_async"(%peer, %v, %peer) {kind = #mem.rmw<add>} : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "simt_level", cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"ptx.kernel"() ({
  "ptx.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  // expected-error@+1 {{'fence' with semantic 'acquire' (a split fence) needs PTX ISA 8.6 (form 'fence.acquire'), but --ptx-isa is 8.0}}
  "ptx.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
  // expected-error@+1 {{'fence' with semantic 'release' (a split fence) needs PTX ISA 8.6 (form 'fence.release'), but --ptx-isa is 8.0}}
  "ptx.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : () -> ()
  // expected-error@+1 {{'fence' with restrict (fence.sync_restrict) needs PTX ISA 8.6 (form 'fence.sync_restrict'), but --ptx-isa is 8.0}}
  "ptx.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cluster>} : () -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_level", param_types = []} : () -> ()
