// weakest-fence on SYNC-MODEL.md §6 P5: a distributed-shared-memory pull inside a 2-CTA cluster (each
// CTA writes its own shared buffer, then arrives remotely on the peer's mbarrier; the peer waits and
// reads the buffer through mapa). Input: the conservative form of testdata/races/p05-dsmem-pull.mlir
// (p5_conservative): fence.acq_rel.cluster (MEMBAR.ALL.GPU) before the relaxed remote arrive and after
// the relaxed wait. SOL: `fence.release.sync_restrict::shared::cta.cluster` + relaxed arrive / relaxed
// wait + `fence.acquire.sync_restrict::shared::cluster.cluster` (R1: each fence covers one side only;
// R4: the data is shared memory only, so the fences are restricted to it).
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
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  "nv_tileas.mbarrier_arrive"(%rbar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %x = "nv_tileas.ld"(%rslot) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  // The exit barrier releases: the peer's reads of this CTA's shared memory happen before it exits.
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p5_conservative", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE-LABEL: .visible .entry p5_conservative(
// BASE: st.shared.u32
// BASE-NEXT: fence.acq_rel.cluster;
// BASE-NEXT: mapa.shared::cluster.u32
// BASE-NEXT: mbarrier.arrive.relaxed.cluster.shared::cluster.b64 _, [{{%r[0-9]+}}];
// BASE: mbarrier.try_wait.parity.relaxed.cluster.shared.b64
// BASE-NEXT: @!{{%p[0-9]+}} bra
// BASE-NEXT: fence.acq_rel.cluster;

// CHECK-LABEL: .visible .entry p5_conservative(
// CHECK: st.shared.u32
// CHECK-NEXT: fence.release.sync_restrict::shared::cta.cluster;
// CHECK-NEXT: mapa.shared::cluster.u32
// CHECK-NEXT: mbarrier.arrive.relaxed.cluster.shared::cluster.b64 _, [{{%r[0-9]+}}];
// CHECK: mbarrier.try_wait.parity.relaxed.cluster.shared.b64
// CHECK-NEXT: @!{{%p[0-9]+}} bra
// CHECK-NEXT: fence.acquire.sync_restrict::shared::cluster.cluster;
// CHECK-NEXT: mapa.shared::cluster.u32
// CHECK-NEXT: ld.shared::cluster.u32
// CHECK-NOT: fence.acq_rel
// CHECK-NOT: membar
// CHECK: ret;

// EXPLAIN: remark: 'fence.release.sync_restrict::shared::cta.cluster' (FENCE.VIEW.ASYNC): R1+R4: acq_rel split: only one side of its handoffs needs it; cluster handoff of shared memory only{{.*}}; was 'fence.acq_rel.cluster' (MEMBAR.ALL.GPU)
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of a thread of the peer CTA
// EXPLAIN: remark: 'fence.acquire.sync_restrict::shared::cluster.cluster' (free): R1+R4: {{.*}}; was 'fence.acq_rel.cluster' (MEMBAR.ALL.GPU)
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of a thread of the peer CTA
