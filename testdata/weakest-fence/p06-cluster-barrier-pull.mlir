// weakest-fence on SYNC-MODEL.md §6 P6: a pull through the cluster barrier (each CTA of a 2-CTA cluster
// writes its own shared buffer; after the cluster barrier the peer reads it through mapa). Inputs:
// the two conservative forms of testdata/races/p06-cluster-barrier-pull.mlir: (a) the default
// (release) `barrier.cluster.arrive` (MEMBAR.ALL.GPU), (b) that plus fence.acq_rel.cluster before it.
// SOL: `fence.release.sync_restrict::shared::cta.cluster` + `barrier.cluster.arrive.relaxed` /
// `barrier.cluster.wait` (R6: the arrive's release is only needed for shared memory, R4: which the
// restricted fence covers at ~68 instead of ~990 cycles). In (b) the fence.acq_rel.cluster is dropped
// first (the release arrive covers the handoff), then (b) becomes (a).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

// (a) the default release cluster arrive.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %x = "nv_tileas.ld"(%rslot) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  // The exit barrier releases: the peer's reads of this CTA's shared memory happen before it exits.
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p6_conservative_release_arrive", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// (b) fence.acq_rel.cluster + the default release cluster arrive.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %x = "nv_tileas.ld"(%rslot) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  // The exit barrier releases: the peer's reads of this CTA's shared memory happen before it exits.
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p6_conservative_fence", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE-LABEL: .visible .entry p6_conservative_release_arrive(
// BASE: st.shared.u32
// BASE-NEXT: barrier.cluster.arrive.aligned;
// BASE-NEXT: barrier.cluster.wait.aligned;
// BASE-LABEL: .visible .entry p6_conservative_fence(
// BASE: st.shared.u32
// BASE-NEXT: fence.acq_rel.cluster;
// BASE-NEXT: barrier.cluster.arrive.aligned;
// BASE-NEXT: barrier.cluster.wait.aligned;

// CHECK-LABEL: .visible .entry p6_conservative_release_arrive(
// CHECK: st.shared.u32
// CHECK-NEXT: fence.release.sync_restrict::shared::cta.cluster;
// CHECK-NEXT: barrier.cluster.arrive.relaxed.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NEXT: mapa.shared::cluster.u32
// CHECK-NEXT: ld.shared::cluster.u32
// CHECK-NOT: fence
// The exit barrier keeps its release: it orders the read of the peer's memory before the peer exits.
// CHECK: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NEXT: ret;
// CHECK-LABEL: .visible .entry p6_conservative_fence(
// CHECK: st.shared.u32
// CHECK-NEXT: fence.release.sync_restrict::shared::cta.cluster;
// CHECK-NEXT: barrier.cluster.arrive.relaxed.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NOT: fence
// CHECK: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NEXT: ret;

// EXPLAIN: remark: 'fence.release.sync_restrict::shared::cta.cluster' (FENCE.VIEW.ASYNC): inserted by R6+R4: cluster barrier arrive made relaxed{{.*}} at 'cluster_arrive' (which was 'barrier.cluster.arrive.aligned' (MEMBAR.ALL.GPU))
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of a thread of the peer CTA
// EXPLAIN: remark: 'barrier.cluster.arrive.relaxed.aligned' (free): R6+R4: cluster barrier arrive made relaxed: its release covered no handoff that needs it; {{.*}}; was 'barrier.cluster.arrive.aligned' (MEMBAR.ALL.GPU)
// EXPLAIN: remark: 'fence.release.sync_restrict::shared::cta.cluster' (FENCE.VIEW.ASYNC): inserted by R6+R4:
// EXPLAIN: remark: 'barrier.cluster.arrive.relaxed.aligned' (free): R6+R4:
// EXPLAIN: remark: removed 'fence.acq_rel.cluster' (MEMBAR.ALL.GPU): drop: removed: every handoff it covered is covered by another mechanism
