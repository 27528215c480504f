// NEGATIVE (weakest-fence must not relax the cluster barrier arrive): a distributed-shared-memory *push*
// through the cluster barrier. Every thread stores (weak `st.shared::cluster`) into the peer CTA's
// shared buffer, then the default (release) `barrier.cluster.arrive` / `barrier.cluster.wait`, then
// reads its own buffer, which the peer wrote. The tempting P6 rewrite (relaxed arrive +
// `fence.release.sync_restrict::shared::cta.cluster`, R6+R4) is wrong here: the restricted release
// covers only the thread's *own* CTA's shared memory (shared::cta), and these stores went to the peer's
// (shared::cluster). A relaxed arrive alone orders nothing. The release arrive stays.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

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
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  "nv_tileas.st"(%rslot, %v) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>, i32) -> ()
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "push_through_cluster_barrier", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE-LABEL: .visible .entry push_through_cluster_barrier(
// BASE: st.shared::cluster.u32
// BASE-NEXT: barrier.cluster.arrive.aligned;
// BASE-NEXT: barrier.cluster.wait.aligned;

// CHECK-LABEL: .visible .entry push_through_cluster_barrier(
// CHECK-NOT: fence
// CHECK: st.shared::cluster.u32
// CHECK-NEXT: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NEXT: ld.shared.u32
// CHECK-NOT: fence
// CHECK: ret;
