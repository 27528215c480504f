// weakest-fence on SYNC-MODEL.md §6 P3: a distributed-shared-memory push inside a 2-CTA cluster, on
// a PTX 8.5 target. Input: the P3 conservative form of testdata/races/p03-dsmem-push.mlir with the
// remote arrive at its default semantic (release; a relaxed mbarrier arrive needs PTX 8.6, so the races
// file's relaxed arrive does not compile here): weak `st.shared::cluster` into the peer,
// fence.acq_rel.cluster (MEMBAR.ALL.GPU), remote arrive release.cluster, wait acquire.cluster.
// SOL on 8.5 (P3): `st.async` (its complete_tx releases the destination shared memory at cluster
// scope) + the arrive as its expect_tx + `mbarrier.try_wait` acquire.cluster; no fence left. On 8.5
// there is no relaxed wait and no `fence.acquire.sync_restrict` (that is P4: p04-*.mlir, where the
// same kernel on the default PTX ISA reaches the P4 SOL).
// RUN: tilec %s --ptx-isa 8.5 --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s --ptx-isa 8.5 | FileCheck %s

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
}) {sym_name = "p3_conservative_release_arrive", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE: .version 8.5
// BASE-LABEL: .visible .entry p3_conservative_release_arrive(
// BASE: st.shared::cluster.u32 [{{%r[0-9]+}}], {{%r[0-9]+}};
// BASE-NEXT: fence.acq_rel.cluster;
// BASE-NEXT: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [{{%r[0-9]+}}];
// BASE: mbarrier.try_wait.parity.acquire.cluster.shared.b64

// CHECK: .version 8.5
// CHECK-LABEL: .visible .entry p3_conservative_release_arrive(
// CHECK-NOT: fence.acq_rel
// CHECK: st.async.shared::cluster.mbarrier::complete_tx::bytes.b32
// CHECK-NOT: fence.acq_rel
// CHECK: mbarrier.arrive.expect_tx
// CHECK-NOT: fence
// CHECK: mbarrier.try_wait.parity.acquire.cluster.shared.b64
// CHECK-NOT: fence
// CHECK-NOT: st.shared::cluster
// CHECK-NOT: relaxed.cluster
// CHECK: ret;
