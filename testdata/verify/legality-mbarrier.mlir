// SYNC-MODEL §1, mbarriers. arrive / arrive_drop / expect_tx / complete_tx accept release (the
// default) or relaxed; try_wait / test_wait / wait accept acquire (the default) or relaxed; the
// scope is cta (the default) or cluster. Operand types: the barrier is the executing CTA's
// (`!nv_tileas.ptr<shared_cta>`), or a peer's (`shared_cluster`) for the arrive family only; a
// `space` attribute names the pointer's space; tx bytes fit the tx-count (1..2^20-1).
// RUN: tile-opt %s --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%bar: !nv_tileas.ptr<shared_cta>, %peer: !nv_tileas.ptr<shared_cluster>, %g: !nv_tileas.ptr<global>, %n: i32, %ph: i32):
  "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  // Accepted: defaults, explicit release/relaxed, cta/cluster, local and remote arrivals.
  "nv_tileas.mbarrier_arrive"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%bar, %n) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, tx_bytes = 1024 : i64} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%peer) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_arrive_drop"(%bar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_expect_tx"(%peer) {tx_bytes = 16 : i64, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_complete_tx"(%bar) {tx_bytes = 16 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  %ok = "nv_tileas.mbarrier_try_wait"(%bar, %ph) : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  %ok2 = "nv_tileas.mbarrier_try_wait"(%bar, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  %ok3 = "nv_tileas.mbarrier_test_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()

  // Rejected: semantics.
  // expected-error@+1 {{'mbarrier_arrive' does not accept semantic 'acquire'; expected one of: release, relaxed}}
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<acquire>} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_arrive_drop' does not accept semantic 'sc'; expected one of: release, relaxed}}
  "nv_tileas.mbarrier_arrive_drop"(%bar) {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_expect_tx' does not accept semantic 'acq_rel'; expected one of: release, relaxed}}
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 16 : i64, mem_semantic = #mem.sem<acq_rel>} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_complete_tx' does not accept semantic 'weak'; expected one of: release, relaxed}}
  "nv_tileas.mbarrier_complete_tx"(%bar) {tx_bytes = 16 : i64, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_try_wait' does not accept semantic 'release'; expected one of: acquire, relaxed}}
  %bad1 = "nv_tileas.mbarrier_try_wait"(%bar, %ph) {mem_semantic = #mem.sem<release>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  // expected-error@+1 {{'mbarrier_wait' does not accept semantic 'acq_rel'; expected one of: acquire, relaxed}}
  "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  // Rejected: scopes (an mbarrier is cta- or cluster-scoped).
  // expected-error@+1 {{'mbarrier_arrive' does not accept scope 'gpu'; expected one of: cta, cluster}}
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_test_wait' does not accept scope 'sys'; expected one of: cta, cluster}}
  %bad2 = "nv_tileas.mbarrier_test_wait"(%bar, %ph) {mem_scope = #mem.scope<sys>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  // Rejected: operand types and attribute values.
  // expected-error@+1 {{'mbarrier_try_wait' operand #0 must be a !nv_tileas.ptr<shared_cta> (only the executing CTA's barrier can be waited on, initialized or invalidated), but it is '!nv_tileas.ptr<shared_cluster>'}}
  %bad3 = "nv_tileas.mbarrier_try_wait"(%peer, %ph) : (!nv_tileas.ptr<shared_cluster>, i32) -> i1
  // expected-error@+1 {{'mbarrier_init' operand #0 must be a !nv_tileas.ptr<shared_cta>}}
  "nv_tileas.mbarrier_init"(%peer, %n) : (!nv_tileas.ptr<shared_cluster>, i32) -> ()
  // expected-error@+1 {{'mbarrier_arrive' operand #0 must be a !nv_tileas.ptr<shared_cta> or !nv_tileas.ptr<shared_cluster>, but it is '!nv_tileas.ptr<global>'}}
  "nv_tileas.mbarrier_arrive"(%g) : (!nv_tileas.ptr<global>) -> ()
  // expected-error@+1 {{'mbarrier_arrive' has attribute 'space' = 'shared_cluster', but its pointer operand is a '!nv_tileas.ptr<shared_cta>'; they must name the same space}}
  "nv_tileas.mbarrier_arrive"(%bar) {space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_expect_tx' attribute 'tx_bytes' must be in 1..1048575, but it is 0}}
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 0 : i64} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_try_wait' result must be i1, but it is 'i32'}}
  %bad4 = "nv_tileas.mbarrier_try_wait"(%bar, %ph) : (!nv_tileas.ptr<shared_cta>, i32) -> i32
  // expected-error@+1 {{'mbarrier_wait' operand #1 must be an integer, but it is '!nv_tileas.ptr<global>'}}
  "nv_tileas.mbarrier_wait"(%bar, %g) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>) -> ()
  "nv_tileas.mbarrier_inval"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "mbarriers", cluster_dims = array<i32: 2, 1, 1>} : () -> ()
