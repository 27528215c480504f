// Target awareness of the ptx dialect's sync ops on plain sm_90: the cluster and mbarrier forms
// verify (cluster scope, peer barriers, try_wait, expect_tx, the cluster barrier, bulk copies,
// st/red.async), but wgmma is an sm_90a feature (not forward or backward compatible) and
// tcgen05 needs a tcgen05 target.
// RUN: tile-opt %s --target sm_90 --verify-diagnostics

"ptx.kernel"() ({
^bb0(%a: i32, %n: i32, %g: i64):
  // Accepted on sm_90.
  "ptx.mbarrier_arrive"(%a, %n) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (i32, i32) -> ()
  "ptx.mbarrier_expect_tx"(%a) {space = #mem.space<shared_cta>, tx_bytes = 64 : i64, mem_semantic = #mem.sem<relaxed>} : (i32) -> ()
  %q = "ptx.mbarrier_try_wait"(%a, %n) {mem_scope = #mem.scope<cluster>} : (i32, i32) -> i1
  "ptx.barrier_cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "ptx.barrier_cluster_wait"() : () -> ()
  "ptx.fence_proxy_async"() {space = #mem.space<global>} : () -> ()
  "ptx.fence_mbarrier_init"() : () -> ()
  %m = "ptx.mapa"(%a, %n) : (i32, i32) -> i32
  "ptx.st_async"(%m, %n, %m) : (i32, i32, i32) -> ()
  "ptx.red_async"(%m, %n, %m) {kind = #mem.rmw<inc>} : (i32, i32, i32) -> ()
  "ptx.cp_async_bulk_g2s"(%a, %g, %a) {bytes = 128 : i64} : (i32, i64, i32) -> ()
  "ptx.cp_async_bulk_commit"() : () -> ()
  "ptx.cp_async_bulk_wait"() {pending = 0 : i32, read} : () -> ()

  // Rejected on sm_90.
  // expected-error@+1 {{'wgmma_fence' needs sm_90a; the target is sm_90}}
  "ptx.wgmma_fence"() : () -> ()
  // expected-error@+1 {{'wgmma_commit' needs sm_90a; the target is sm_90}}
  "ptx.wgmma_commit"() : () -> ()
  // expected-error@+1 {{'wgmma_wait' needs sm_90a; the target is sm_90}}
  "ptx.wgmma_wait"() {pending = 0 : i32} : () -> ()
  // expected-error@+1 {{'tcgen05_commit' needs a tcgen05 target (sm_100a, sm_101a, sm_103a, sm_110a or an sm_10x/sm_11x 'f' target); the target is sm_90}}
  "ptx.tcgen05_commit"(%a) : (i32) -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "on_sm90", param_types = [i32, i32, i64]} : () -> ()
