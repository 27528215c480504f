// The ptx dialect's sync ops, written directly: each op is one PTX instruction form, and its
// modifiers are checked against the legal sets of that form (dialects/src/ptx/isa.rs), then its
// operands and immediates against the instruction's syntax: the mbarrier arrive family takes
// release or relaxed at cta or cluster scope on shared_cta / shared_cluster; the waits acquire
// or relaxed; the standalone expect_tx / complete_tx only relaxed, written; the cluster wait
// only acquire; red.async no exch, and only 32-bit values (64-bit for add); arrive.expect_tx has
// no count operand; shared addresses are 32- or 64-bit registers; bulk sizes are multiples of
// 16; wait_group counts 0..7; bar.arrive ids 0..15 and counts multiples of 32.
// RUN: tile-opt %s --verify-diagnostics

"ptx.kernel"() ({
^bb0(%a: i32, %n: i32, %h: i16, %g: i64, %w: i64, %f: f32):
  // Accepted.
  "ptx.mbarrier_init"(%a, %n) : (i32, i32) -> ()
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cta>} : (i32) -> ()
  "ptx.mbarrier_arrive"(%a, %n) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (i32, i32) -> ()
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cta>, tx_bytes = 1048575 : i64} : (i32) -> ()
  "ptx.mbarrier_arrive_drop"(%a) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (i32) -> ()
  "ptx.mbarrier_expect_tx"(%a) {space = #mem.space<shared_cluster>, tx_bytes = 64 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (i32) -> ()
  "ptx.mbarrier_complete_tx"(%a) {space = #mem.space<shared_cta>, tx_bytes = 64 : i64, mem_semantic = #mem.sem<relaxed>} : (i32) -> ()
  %p0 = "ptx.mbarrier_try_wait"(%a, %n) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (i32, i32) -> i1
  %p1 = "ptx.mbarrier_test_wait"(%a, %n) {mem_semantic = #mem.sem<acquire>} : (i32, i32) -> i1
  "ptx.barrier_cluster_arrive"() {mem_semantic = #mem.sem<relaxed>, aligned} : () -> ()
  "ptx.barrier_cluster_wait"() {mem_semantic = #mem.sem<acquire>, aligned} : () -> ()
  "ptx.red_async"(%a, %n, %a) {kind = #mem.rmw<max>} : (i32, i32, i32) -> ()
  "ptx.red_async"(%a, %w, %a) {kind = #mem.rmw<add>} : (i32, i64, i32) -> ()
  "ptx.st_async"(%a, %f, %a) : (i32, f32, i32) -> ()
  "ptx.st_async"(%a, %w, %a) : (i32, i64, i32) -> ()
  %m = "ptx.mapa"(%a, %n) : (i32, i32) -> i32
  "ptx.cp_async_bulk_g2s"(%a, %g, %a) {bytes = 16 : i64} : (i32, i64, i32) -> ()
  "ptx.cp_async_bulk_s2g"(%g, %a) {bytes = 4096 : i64} : (i64, i32) -> ()
  "ptx.cp_async_bulk_wait"() {pending = 7 : i32, read} : () -> ()
  "ptx.wgmma_wait"() {pending = 0 : i32} : () -> ()
  "ptx.bar_arrive"() {id = 15 : i32, count = 32 : i32} : () -> ()
  "ptx.fence_proxy_async"() : () -> ()

  // Rejected by the form table: semantics, scopes, spaces, operations.
  // expected-error@+1 {{'mbarrier_arrive' does not accept semantic 'acquire'; the form mbarrier.arrive accepts: release, relaxed}}
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<acquire>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_arrive' does not accept scope 'gpu'; the form mbarrier.arrive accepts: cta, cluster}}
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cta>, mem_scope = #mem.scope<gpu>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_arrive' does not accept space 'global'; the form mbarrier.arrive accepts: shared_cta, shared_cluster}}
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<global>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_arrive_drop' does not accept semantic 'acq_rel'; the form mbarrier.arrive_drop accepts: release, relaxed}}
  "ptx.mbarrier_arrive_drop"(%a) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<acq_rel>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_try_wait' does not accept semantic 'release'; the form mbarrier.try_wait accepts: acquire, relaxed}}
  %b0 = "ptx.mbarrier_try_wait"(%a, %n) {mem_semantic = #mem.sem<release>} : (i32, i32) -> i1
  // expected-error@+1 {{'mbarrier_test_wait' does not accept scope 'sys'; the form mbarrier.test_wait.parity accepts: cta, cluster}}
  %b1 = "ptx.mbarrier_test_wait"(%a, %n) {mem_scope = #mem.scope<sys>} : (i32, i32) -> i1
  // expected-error@+1 {{'barrier_cluster_wait' does not accept semantic 'relaxed'; the form barrier.cluster.wait accepts: acquire}}
  "ptx.barrier_cluster_wait"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  // expected-error@+1 {{'barrier_cluster_arrive' does not accept semantic 'acquire'; the form barrier.cluster.arrive accepts: release, relaxed}}
  "ptx.barrier_cluster_arrive"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  // expected-error@+1 {{'mbarrier_expect_tx' does not accept semantic 'release'; the form mbarrier.expect_tx accepts: relaxed}}
  "ptx.mbarrier_expect_tx"(%a) {space = #mem.space<shared_cta>, tx_bytes = 64 : i64, mem_semantic = #mem.sem<release>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_complete_tx' does not accept semantic 'release'; the form mbarrier.complete_tx accepts: relaxed}}
  "ptx.mbarrier_complete_tx"(%a) {space = #mem.space<shared_cta>, tx_bytes = 64 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (i32) -> ()
  // expected-error@+1 {{'red_async' does not accept operation 'exch'; the form red.async accepts: add, and, or, xor, max, min, umax, umin, inc, dec}}
  "ptx.red_async"(%a, %n, %a) {kind = #mem.rmw<exch>} : (i32, i32, i32) -> ()
  // expected-error@+1 {{'fence_proxy_async' does not accept space 'generic'; the form fence.proxy.async accepts: global, shared_cta, shared_cluster}}
  "ptx.fence_proxy_async"() {space = #mem.space<generic>} : () -> ()

  // Rejected: operands and immediates.
  // expected-error@+1 {{'mbarrier_arrive' takes no count operand with 'tx_bytes' (arrive.expect_tx has only the tx count)}}
  "ptx.mbarrier_arrive"(%a, %n) {space = #mem.space<shared_cta>, tx_bytes = 64 : i64} : (i32, i32) -> ()
  // expected-error@+1 {{'mbarrier_arrive_drop' takes no count operand with 'tx_bytes'}}
  "ptx.mbarrier_arrive_drop"(%a, %n) {space = #mem.space<shared_cluster>, tx_bytes = 64 : i64, mem_scope = #mem.scope<cluster>} : (i32, i32) -> ()
  // expected-error@+1 {{'mbarrier_expect_tx' attribute 'tx_bytes' must be in 1..1048575, but it is 1048576}}
  "ptx.mbarrier_expect_tx"(%a) {space = #mem.space<shared_cta>, tx_bytes = 1048576 : i64, mem_semantic = #mem.sem<relaxed>} : (i32) -> ()
  // The standalone expect_tx / complete_tx write their (only) semantic: omitted, it would be
  // release to the model (the family's default) yet print a relaxed instruction.
  // expected-error@+1 {{'mbarrier_expect_tx' requires attribute 'mem_semantic' (a #mem.sem attribute)}}
  "ptx.mbarrier_expect_tx"(%a) {space = #mem.space<shared_cta>, tx_bytes = 64 : i64} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_complete_tx' requires attribute 'mem_semantic'}}
  "ptx.mbarrier_complete_tx"(%a) {space = #mem.space<shared_cta>, tx_bytes = 64 : i64, mem_scope = #mem.scope<cluster>} : (i32) -> ()
  // expected-error@+1 {{'mbarrier_try_wait' result must be an i1 predicate, but it is 'i32'}}
  %b2 = "ptx.mbarrier_try_wait"(%a, %n) : (i32, i32) -> i32
  // expected-error@+1 {{'mbarrier_init' address (operand #0) must be an i32 or i64 register, but it is 'i16'}}
  "ptx.mbarrier_init"(%h, %n) : (i16, i32) -> ()
  // expected-error@+1 {{'red_async' value must be an i32 register (or i64 with 'add'), but it is 'i64' with 'max'}}
  "ptx.red_async"(%a, %w, %a) {kind = #mem.rmw<max>} : (i32, i64, i32) -> ()
  // expected-error@+1 {{'red_async' value must be an i32 register (or i64 with 'add'), but it is 'f32' with 'add'}}
  "ptx.red_async"(%a, %f, %a) {kind = #mem.rmw<add>} : (i32, f32, i32) -> ()
  // expected-error@+1 {{'st_async' value must be a 32- or 64-bit register, but it is 'i16'}}
  "ptx.st_async"(%a, %h, %a) : (i32, i16, i32) -> ()
  // expected-error@+1 {{'mapa' address (operand #0) must be a 32-bit register, but it is 'i64'}}
  %m2 = "ptx.mapa"(%g, %n) : (i64, i32) -> i32
  // expected-error@+1 {{'cp_async_bulk_g2s' attribute 'bytes' must be a positive multiple of 16, but it is 20}}
  "ptx.cp_async_bulk_g2s"(%a, %g, %a) {bytes = 20 : i64} : (i32, i64, i32) -> ()
  // expected-error@+1 {{'cp_async_bulk_s2g' attribute 'bytes' must be a positive multiple of 16, but it is 0}}
  "ptx.cp_async_bulk_s2g"(%g, %a) {bytes = 0 : i64} : (i64, i32) -> ()
  // expected-error@+1 {{'cp_async_bulk_wait' attribute 'pending' must be in 0..7, but it is 8}}
  "ptx.cp_async_bulk_wait"() {pending = 8 : i32} : () -> ()
  // expected-error@+1 {{'wgmma_wait' attribute 'pending' must be in 0..7, but it is 9}}
  "ptx.wgmma_wait"() {pending = 9 : i32} : () -> ()
  // expected-error@+1 {{'bar_arrive' attribute 'id' must be in 0..15, but it is 16}}
  "ptx.bar_arrive"() {id = 16 : i32, count = 64 : i32} : () -> ()
  // expected-error@+1 {{'bar_arrive' attribute 'count' must be a positive multiple of 32, but it is 33}}
  "ptx.bar_arrive"() {id = 1 : i32, count = 33 : i32} : () -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "forms", param_types = [i32, i32, i16, i64, i64, f32]} : () -> ()
