// weakest-fence on SYNC-MODEL.md §6 P15: publishing an mbarrier init to the cluster peer. Input: the
// conservative form of testdata/races/p15-cluster-mbarrier-init.mlir (p15_conservative):
// mbarrier_init, fence_mbarrier_init, then `fence.acq_rel.cluster` (MEMBAR.ALL.GPU) and the default
// (release) `barrier.cluster.arrive` (MEMBAR.ALL.GPU) before the peer's st_async. SOL: mbarrier_init,
// `fence.mbarrier_init.release.cluster`, `barrier.cluster.arrive.relaxed` + `barrier.cluster.wait`:
// the fence is dropped and the arrive made relaxed (R6: fence_mbarrier_init is what publishes the
// init). The consumer's wait also becomes relaxed + `fence.acquire.sync_restrict::shared::cluster`
// (R4; the st_async data is shared memory only).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 4 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
    "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %s = "nv_tileas.addi"(%v, %x) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p15_conservative", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE-LABEL: .visible .entry p15_conservative(
// BASE: mbarrier.init.shared.b64
// BASE-NEXT: fence.mbarrier_init.release.cluster;
// BASE-NEXT: fence.acq_rel.cluster;
// BASE: barrier.cluster.arrive.aligned;
// BASE-NEXT: barrier.cluster.wait.aligned;
// BASE: mbarrier.try_wait.parity.acquire.cluster.shared.b64

// CHECK-LABEL: .visible .entry p15_conservative(
// CHECK: mbarrier.init.shared.b64
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK-NEXT: [[L:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: barrier.cluster.arrive.relaxed.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK: st.async.shared::cluster.mbarrier::complete_tx::bytes.b32
// CHECK: mbarrier.try_wait.parity.relaxed.cluster.shared.b64
// CHECK-NEXT: @!{{%p[0-9]+}} bra
// CHECK-NEXT: fence.acquire.sync_restrict::shared::cluster.cluster;
// CHECK-NOT: fence.acq_rel
// CHECK-NOT: barrier.cluster.arrive{{(\.aligned)?}};
// CHECK: ret;

// EXPLAIN: remark: 'barrier.cluster.arrive.relaxed.aligned' (free): R6: cluster barrier arrive made relaxed: its release covered no handoff that needs it; was 'barrier.cluster.arrive.aligned' (MEMBAR.ALL.GPU)
// EXPLAIN: remark: removed 'fence.acq_rel.cluster' (MEMBAR.ALL.GPU): drop:
