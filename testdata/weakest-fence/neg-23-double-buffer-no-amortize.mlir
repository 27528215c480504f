// weakest-fence R11 must not amortize a release the write-after-read needs every round: the
// double-buffered cluster barrier ring of races/loop-p06-cluster-barrier-rounds.mlir (slot i % 2).
// The peer's read of slot s in round i is overwritten in round i+2, and only the barrier of round
// i+1 lies between (after the read, before the overwrite's wait): with a full release only every
// K-th round (K >= 2) the read of round i would be unordered when i+1 is not a multiple of K
// (verify-races: races/loop-p06-cluster-barrier-rounds-broken.mlir, p6_rounds_double_buffer_restricted).
// The in-loop cluster_arrive keeps its release.
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %buf = "nv_tileas.alloc_shared"() {size = 1024 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %slots = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  %g0 = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %g = "nv_tileas.addi"(%g0, %tid) : (i32, i32) -> i32
  %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    %s = "nv_tileas.remui"(%i, %slots) : (i32, i32) -> i32
    %sb = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%sb, %tid) : (i32, i32) -> i32
    %p = "nv_tileas.gep"(%buf, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %rp = "nv_tileas.mapa"(%p, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 65536 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %src = "nv_tileas.gep"(%row, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.st"(%p, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.cluster_arrive"()  : () -> ()
    "nv_tileas.cluster_wait"() : () -> ()
    %x = "nv_tileas.ld"(%rp) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  // The peer may still read this CTA's last slot: leave together (the release keeps the reads of
  // the peer's memory before its exit).
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p6_rounds_double_buffer", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// CHECK-LABEL: .visible .entry p6_rounds_double_buffer(
// CHECK-NOT: fence
// CHECK: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NOT: fence
// CHECK: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NOT: fence
// CHECK: ret;

// EXPLAIN: remark: 'barrier.cluster.arrive.aligned' (MEMBAR.ALL.GPU): kept: no cheaper mechanism covers its handoffs
