// Target awareness of the ptx dialect's sync ops on sm_80 (mbarriers, no clusters): an op is one
// instruction, so a form the target lacks is an error at the op (never widened). sm_80 has
// mbarrier init / inval / arrive / arrive_drop / test_wait with the default pairs (printed without
// `.sem.scope`) and bar.arrive; cluster scope, a peer's barrier (shared_cluster), an arrival
// count without .noComplete, relaxed, expect_tx, try_wait, the cluster barrier, proxy fences,
// mapa, st/red.async and bulk copies need sm_90; wgmma sm_90a; tcgen05 a tcgen05 target.
// RUN: tile-opt %s --target sm_80 --verify-diagnostics

"ptx.kernel"() ({
^bb0(%a: i32, %n: i32, %g: i64):
  // Accepted on sm_80.
  "ptx.mbarrier_init"(%a, %n) : (i32, i32) -> ()
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cta>} : (i32) -> ()
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (i32) -> ()
  "ptx.mbarrier_arrive_drop"(%a) {space = #mem.space<shared_cta>} : (i32) -> ()
  %p = "ptx.mbarrier_test_wait"(%a, %n) {mem_semantic = #mem.sem<acquire>} : (i32, i32) -> i1
  "ptx.bar_arrive"() {id = 1 : i32, count = 64 : i32} : () -> ()
  "ptx.mbarrier_inval"(%a) : (i32) -> ()

  // Rejected on sm_80.
  // expected-error@+1 {{'mbarrier_arrive' with scope 'cluster' needs sm_90 or later; the target is sm_80}}
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cta>, mem_scope = #mem.scope<cluster>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_arrive' with scope 'cluster' needs sm_90 or later; the target is sm_80}}
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_test_wait' with scope 'cluster' needs sm_90 or later; the target is sm_80}}
  %p2 = "ptx.mbarrier_test_wait"(%a, %n) {mem_scope = #mem.scope<cluster>} : (i32, i32) -> i1
  // expected-error@+1 {{'mbarrier_arrive' on a peer CTA's barrier (shared_cluster) needs sm_90 or later; the target is sm_80}}
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cluster>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_arrive' with an arrival count needs sm_90 or later; the target is sm_80}}
  "ptx.mbarrier_arrive"(%a, %n) {space = #mem.space<shared_cta>} : (i32, i32) -> ()
  // expected-error@+1 {{'mbarrier_arrive' with semantic 'relaxed' needs sm_90 or later; the target is sm_80}}
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_arrive' with tx_bytes (arrive.expect_tx) needs sm_90 or later; the target is sm_80}}
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cta>, tx_bytes = 64 : i64} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_expect_tx' needs sm_90 or later; the target is sm_80}}
  "ptx.mbarrier_expect_tx"(%a) {space = #mem.space<shared_cta>, tx_bytes = 64 : i64, mem_semantic = #mem.sem<relaxed>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_try_wait' needs sm_90 or later; the target is sm_80}}
  %q = "ptx.mbarrier_try_wait"(%a, %n) : (i32, i32) -> i1
  // expected-error@+1 {{'barrier_cluster_arrive' needs sm_90 or later; the target is sm_80}}
  "ptx.barrier_cluster_arrive"() : () -> ()
  // expected-error@+1 {{'barrier_cluster_wait' needs sm_90 or later; the target is sm_80}}
  "ptx.barrier_cluster_wait"() : () -> ()
  // expected-error@+1 {{'fence_proxy_async' needs sm_90 or later; the target is sm_80}}
  "ptx.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
  // expected-error@+1 {{'fence_mbarrier_init' needs sm_90 or later; the target is sm_80}}
  "ptx.fence_mbarrier_init"() : () -> ()
  // expected-error@+1 {{'mapa' needs sm_90 or later; the target is sm_80}}
  %m = "ptx.mapa"(%a, %n) : (i32, i32) -> i32
  // expected-error@+1 {{'st_async' needs sm_90 or later; the target is sm_80}}
  "ptx.st_async"(%a, %n, %a) : (i32, i32, i32) -> ()
  // expected-error@+1 {{'red_async' needs sm_90 or later; the target is sm_80}}
  "ptx.red_async"(%a, %n, %a) {kind = #mem.rmw<add>} : (i32, i32, i32) -> ()
  // expected-error@+1 {{'cp_async_bulk_g2s' needs sm_90 or later; the target is sm_80}}
  "ptx.cp_async_bulk_g2s"(%a, %g, %a) {bytes = 128 : i64} : (i32, i64, i32) -> ()
  // expected-error@+1 {{'cp_async_bulk_commit' needs sm_90 or later; the target is sm_80}}
  "ptx.cp_async_bulk_commit"() : () -> ()
  // expected-error@+1 {{'wgmma_fence' needs sm_90a; the target is sm_80}}
  "ptx.wgmma_fence"() : () -> ()
  // expected-error@+1 {{'tcgen05_fence_before' needs a tcgen05 target (sm_100a, sm_101a, sm_103a, sm_110a or an sm_10x/sm_11x 'f' target); the target is sm_80}}
  "ptx.tcgen05_fence_before"() : () -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "on_sm80", param_types = [i32, i32, i64]} : () -> ()
