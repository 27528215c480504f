// weakest-fence on a loop (SYNC-MODEL §3.1, §6 P5): the cluster pull ring of
// testdata/races/loop-p05-pull-ring.mlir in its conservative form (fence.acq_rel.cluster, i.e.
// MEMBAR.ALL.GPU, around every relaxed arrive and wait: four per iteration). The handoffs decide
// each fence:
// - RAW (the owner writes slot s of its own ring in iteration i, the peer reads it in iteration i):
//   the owner's release becomes fence.release.sync_restrict::shared::cta.cluster (it only has to
//   order its own shared::cta writes) and the peer's acquire
//   fence.acquire.sync_restrict::shared::cluster.cluster (R1+R4);
// - WAR (the peer reads slot s in iteration i, the owner refills it in iteration i+4): the peer's
//   release before its empty arrive must order a read of the *owner's* memory through
//   shared::cluster, which a restricted release does not (PTX: .sync_restrict::shared::cta orders
//   the CTA's own shared memory only), so it stays a full fence.release.cluster (R1 only);
// - the fence after the owner's empty wait is dropped: the acquire after the full wait of
//   iteration i+1 (which the peer signals after its read of iteration i) already orders the refill.
// The exit barrier keeps its release: the last iteration's fence.release.cluster orders the last
// read of the peer's ring, but not the relaxed remote empty arrive after it, which must land before
// the peer exits and frees its mbarrier (the peer never waits for that phase).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

// The conservative form.
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %full = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %empty = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ring = "nv_tileas.alloc_shared"() {size = 1024 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 20000 : i32} : () -> i32
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %c4, %c1) ({
    ^bb0(%s: i32):
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%f, %c64) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%e, %c64) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %o0 = "nv_tileas.muli"(%bid, %c64) : (i32, i32) -> i32
  %oi = "nv_tileas.addi"(%o0, %tid) : (i32, i32) -> i32
  %o = "nv_tileas.gep"(%out, %oi) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.for"(%c0, %n, %c1) ({
  ^bb0(%i: i32):
    %s = "nv_tileas.remui"(%i, %c4) : (i32, i32) -> i32
    %u = "nv_tileas.divui"(%i, %c4) : (i32, i32) -> i32
    %ph = "nv_tileas.andi"(%u, %c1) : (i32, i32) -> i32
    %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
    %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %rf = "nv_tileas.mapa"(%f, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %re = "nv_tileas.mapa"(%e, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %base = "nv_tileas.muli"(%s, %c64) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %p = "nv_tileas.gep"(%ring, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %rp = "nv_tileas.mapa"(%p, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    // Producer half: wait until the peer has read slot s (iteration i-4), refill it, publish it.
    "nv_tileas.mbarrier_wait"(%e, %pe) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    "nv_tileas.st"(%p, %i) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    "nv_tileas.mbarrier_arrive"(%rf) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
    // Consumer half: wait for the peer's slot s, read it through shared::cluster, hand it back.
    "nv_tileas.mbarrier_wait"(%f, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    %x = "nv_tileas.ld"(%rp) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
    "nv_tileas.st"(%o, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    "nv_tileas.mbarrier_arrive"(%re) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  // The peer may still read this CTA's ring: leave together.
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "pull_ring", num_threads = 64 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE-LABEL: .visible .entry pull_ring(
// BASE-COUNT-4: fence.acq_rel.cluster;

// CHECK-LABEL: .visible .entry pull_ring(
// CHECK: mbarrier.try_wait.parity.relaxed.cluster.shared.b64
// CHECK-NEXT: @!{{%p[0-9]+}} bra
// CHECK-NEXT: st.shared.u32
// CHECK-NEXT: fence.release.sync_restrict::shared::cta.cluster;
// CHECK-NEXT: mbarrier.arrive.relaxed.cluster.shared::cluster.b64
// CHECK: mbarrier.try_wait.parity.relaxed.cluster.shared.b64
// CHECK-NEXT: @!{{%p[0-9]+}} bra
// CHECK-NEXT: fence.acquire.sync_restrict::shared::cluster.cluster;
// CHECK-NEXT: ld.shared::cluster.u32
// CHECK: fence.release.cluster;
// CHECK-NEXT: mbarrier.arrive.relaxed.cluster.shared::cluster.b64
// CHECK-NOT: fence
// CHECK: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NEXT: ret;

// EXPLAIN: remark: 'fence.release.sync_restrict::shared::cta.cluster' (FENCE.VIEW.ASYNC): R1+R4
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of a thread of the peer CTA (in the same iteration of the loop)
// EXPLAIN: remark: 'fence.release.cluster' (MEMBAR.ALL.GPU): R1: acq_rel split
// EXPLAIN: note: covers the handoff from this 'ld' to 'st' of a thread of the peer CTA (from iteration i of the loop to iteration i+4)
// EXPLAIN: remark: removed 'fence.acq_rel.cluster' (MEMBAR.ALL.GPU): drop
