// weakest-fence on SYNC-MODEL.md §6 P8: generic shared-memory writes read by a TMA (bulk) store.
// Input: the conservative form of testdata/races/p08-smem-to-tma-store.mlir (p8_conservative): every
// thread writes its element, then `fence.proxy.async` with no state space (MEMBAR.ALL.GPU +
// FENCE.VIEW.ASYNC.S) and `fence.acq_rel.gpu` (MEMBAR.ALL.GPU), bar.sync, and an elected
// `bulk_copy_s2g`. SOL: `fence.proxy.async.shared::cta` (R7: only shared::cta is read by the async
// proxy; MEMBAR.ALL.CTA + FENCE.VIEW.ASYNC.S), bar.sync, the elected bulk store; the acq_rel.gpu fence
// goes (bar.sync orders the writes before the elected thread's copy; its global output is published
// at kernel end).
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
  "nv_tileas.fence_proxy_async"() : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_s2g"(%dst, %buf) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_commit"() : () -> ()
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p8_conservative", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry p8_conservative(
// BASE: st.shared.f32
// BASE-NEXT: fence.proxy.async;
// BASE-NEXT: fence.acq_rel.gpu;
// BASE-NEXT: bar.sync 0;
// BASE: cp.async.bulk.global.shared::cta.bulk_group

// CHECK-LABEL: .visible .entry p8_conservative(
// CHECK: st.shared.f32
// CHECK-NEXT: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK: cp.async.bulk.global.shared::cta.bulk_group
// CHECK-NEXT: cp.async.bulk.commit_group;
// CHECK-NEXT: cp.async.bulk.wait_group.read 0;
// CHECK-NOT: fence
// CHECK: ret;

// EXPLAIN: remark: 'fence.proxy.async.shared::cta' (FENCE.VIEW.ASYNC): R7: proxy fence restricted to the state space the async proxy reads; was 'fence.proxy.async' (MEMBAR.ALL.GPU)
// EXPLAIN: remark: 'bar.sync' (free): kept: already free
// EXPLAIN: note: covers the handoff from this 'st' to 'bulk_copy_s2g' of another thread of the CTA
// EXPLAIN: remark: removed 'fence.acq_rel.gpu' (MEMBAR.ALL.GPU): drop:
