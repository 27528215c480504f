// weakest-fence on SYNC-MODEL.md §6 P4 from the P3 conservative push with a release remote arrive
// (the same kernel as p03-dsmem-push-ptx85.mlir, here on the default PTX ISA, 8.6+). Input: weak
// `st.shared::cluster` into the peer, fence.acq_rel.cluster, `mbarrier.arrive.release.cluster` on the
// peer's mbarrier, wait acquire.cluster. SOL (P4): the fence goes (the release arrive would cover the
// store alone) as R4 turns the push into `st.async` completing on the peer's mbarrier with the arrive a
// relaxed `arrive.expect_tx` of the 4 bytes (R4 is the cheapest rewrite at the arrive, and takes the
// fence with it), and the wait into a relaxed wait +
// `fence.acquire.sync_restrict::shared::cluster.cluster` (free, where try_wait.acquire.cluster is a
// CCTL.IVALL). No MEMBAR.ALL.GPU form remains.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  "nv_tileas.st"(%rslot, %v) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  "nv_tileas.mbarrier_arrive"(%rbar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p4_conservative_release_arrive", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE-LABEL: .visible .entry p4_conservative_release_arrive(
// BASE: st.shared::cluster.u32 [{{%r[0-9]+}}], {{%r[0-9]+}};
// BASE-NEXT: fence.acq_rel.cluster;
// BASE-NEXT: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [{{%r[0-9]+}}];
// BASE: mbarrier.try_wait.parity.acquire.cluster.shared.b64

// CHECK: .version 8.6
// CHECK-LABEL: .visible .entry p4_conservative_release_arrive(
// CHECK-NOT: fence.acq_rel
// CHECK: st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [{{%r[0-9]+}}], {{%r[0-9]+}}, [[[RBAR:%r[0-9]+]]];
// CHECK-NEXT: mbarrier.arrive.expect_tx.relaxed.cluster.shared::cluster.b64 _, [[[RBAR]]], 4;
// CHECK: mbarrier.try_wait.parity.relaxed.cluster.shared.b64
// CHECK-NEXT: @!{{%p[0-9]+}} bra
// CHECK-NEXT: fence.acquire.sync_restrict::shared::cluster.cluster;
// CHECK-NEXT: ld.shared.u32
// CHECK-NOT: fence.acq_rel
// CHECK-NOT: membar
// CHECK-NOT: st.shared::cluster
// CHECK: ret;

// EXPLAIN: remark: 'mbarrier.arrive.expect_tx.relaxed.cluster.shared::cluster.b64' (free): R4: cluster handoff of shared memory only{{.*}}; was 'mbarrier.arrive.release.cluster.shared::cluster.b64' (MEMBAR.ALL.GPU)
// EXPLAIN: remark: 'mbarrier.try_wait.parity.relaxed.cluster.shared.b64' (free): R4: {{.*}}; was 'mbarrier.try_wait.parity.acquire.cluster.shared.b64' (CCTL.IVALL)
// EXPLAIN: note: covers the handoff from this 'st_async' to 'ld' of a thread of the peer CTA
// EXPLAIN: remark: 'fence.acquire.sync_restrict::shared::cluster.cluster' (free): inserted by R4: {{.*}} at 'mbarrier_wait'
// EXPLAIN: note: covers the handoff from this 'st_async' to 'ld' of a thread of the peer CTA
// EXPLAIN: remark: removed 'fence.acq_rel.cluster' (MEMBAR.ALL.GPU): R4: cluster handoff of shared memory only
