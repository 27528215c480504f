// weakest-fence on SYNC-MODEL.md §6 P11: a TMA (bulk) load read by generic loads. Input: the
// conservative form of testdata/races/p11-tma-load.mlir (p11_conservative): after the mbarrier wait,
// `fence.proxy.async` (MEMBAR.ALL.GPU) and `fence.acq_rel.cta` (MEMBAR.ALL.CTA). SOL: mbarrier
// complete_tx -> try_wait (acquire.cta) and no fence at all: async -> generic through a completion
// mechanism needs no proxy fence, and the wait's acquire already orders the reads. Both fences are
// dropped.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 512 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_g2s"(%buf, %src, %bar) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence_proxy_async"() : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_inval"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p11_conservative", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry p11_conservative(
// BASE: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// BASE: mbarrier.try_wait.parity.shared.b64
// BASE-NEXT: @!{{%p[0-9]+}} bra
// BASE-NEXT: fence.proxy.async;
// BASE-NEXT: fence.acq_rel.cta;

// CHECK-LABEL: .visible .entry p11_conservative(
// CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [{{%r[0-9]+}}], 512;
// CHECK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-NEXT: @!{{%p[0-9]+}} bra
// CHECK-NOT: fence.proxy
// CHECK-NOT: fence.acq_rel
// CHECK: ld.shared.u32
// CHECK: ret;

// EXPLAIN: remark: 'mbarrier.try_wait.parity.shared.b64' (free): kept: already free
// EXPLAIN: note: covers the handoff from this 'bulk_copy_g2s' to 'ld' of another thread of the CTA
// EXPLAIN: remark: removed 'fence.proxy.async' (MEMBAR.ALL.GPU): drop: removed: every handoff it covered is covered by another mechanism
// EXPLAIN: remark: removed 'fence.acq_rel.cta' (MEMBAR.CTA): drop:
