// NEGATIVE (weakest-fence must not remove a proxy fence between a generic write and an async-proxy read,
// nor restrict it to a state space the async proxy does not read):
// - p8_sol (testdata/races/p08-smem-to-tma-store.mlir): generic shared-memory writes, then
//   `fence.proxy.async.shared::cta`, bar.sync, an elected TMA store (bulk_copy_s2g) that reads the
//   buffer through the async proxy. Without the proxy fence the TMA may read stale shared memory
//   (verify-races check 4); it is already restricted to shared::cta, so it stays as it is.
// - g_generic_to_tma_load: every thread writes its CTA's slice of a *global* scratch buffer, then
//   `fence.proxy.async` (all spaces), bar.sync, and an elected TMA load (bulk_copy_g2s) of that slice.
//   The async proxy reads global memory here: R7 may restrict the fence to `.global` (the state
//   space the async proxy reads), but not to shared::cta, and it must not go.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
  %sq = "nv_tileas.mulf"(%v, %v) : (f32, f32) -> f32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %sq) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
  "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_s2g"(%dst, %buf) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_commit"() : () -> ()
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p8_sol", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%scratch: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %g = "nv_tileas.gep"(%scratch, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%g, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.fence_proxy_async"() : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 512 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %src = "nv_tileas.gep"(%scratch, %bid) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_g2s"(%buf, %src, %bar) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %slot = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "g_generic_to_tma_load", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry p8_sol(
// BASE: st.shared.f32
// BASE-NEXT: fence.proxy.async.shared::cta;
// BASE-LABEL: .visible .entry g_generic_to_tma_load(
// BASE: st.global.u32
// BASE-NEXT: fence.proxy.async;

// CHECK-LABEL: .visible .entry p8_sol(
// CHECK: st.shared.f32
// CHECK-NEXT: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK: cp.async.bulk.global.shared::cta.bulk_group
// CHECK-LABEL: .visible .entry g_generic_to_tma_load(
// CHECK: st.global.u32
// CHECK-NEXT: fence.proxy.async.global;
// CHECK-NEXT: bar.sync 0;
// CHECK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK-NOT: fence.proxy
// CHECK: ret;

// EXPLAIN: remark: 'fence.proxy.async.shared::cta' (FENCE.VIEW.ASYNC): kept:
// EXPLAIN: remark: 'fence.proxy.async.global' (FENCE.VIEW.ASYNC): R7: proxy fence restricted to the state space the async proxy reads; was 'fence.proxy.async' (MEMBAR.ALL.GPU)
// EXPLAIN-NOT: removed
