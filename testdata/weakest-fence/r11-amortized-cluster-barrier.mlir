// weakest-fence rule R11 (a loop's release barrier amortized over iterations) on the cluster
// barrier ring of testdata/examples/cluster_barrier_ring.mlir: 2-CTA clusters, a 4-slot ring in
// each CTA's shared memory, round i writes slot i % 4, one default (release) cluster barrier per
// round, then every thread reads the peer's slot through shared::cluster. The release of each round
// has two jobs: publish this round's writes of the CTA's own slot (RAW), and order the previous
// rounds' reads of the PEER's slots before the peer overwrites them four rounds later (WAR). The
// first needs only `fence.release.sync_restrict::shared::cta.cluster` (FENCE.VIEW.ASYNC); the
// second needs a full release, but only in one of the rounds i+1..i+3: R11 makes the arrive
// relaxed and gives every third round (`i % 3 == 0`) a `fence.release.cluster` (MEMBAR.ALL.GPU),
// the other rounds the restricted fence. Only K below the ring's 4 slots are tried (K = 4 is
// rejected by verify-races: races/loop-p06-amortized-release-broken.mlir). The exit barrier
// after the loop keeps its release (the peer's last reads before this CTA exits).
// The double-buffered ring keeps the release every round: neg-23-double-buffer-no-amortize.mlir.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%ok: !nv_tileas.ptr<global>, %n: i32):
  %ring = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c3 = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c256 = "nv_tileas.constant"() {value = 256 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  %pbid = "nv_tileas.xori"(%bid, %c1) : (i32, i32) -> i32
  %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    %s = "nv_tileas.andi"(%i, %c3) : (i32, i32) -> i32
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %slot = "nv_tileas.gep"(%ring, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %ki = "nv_tileas.muli"(%i, %c256) : (i32, i32) -> i32
    %kv = "nv_tileas.addi"(%ki, %bid) : (i32, i32) -> i32
    %kv128 = "nv_tileas.muli"(%kv, %c128) : (i32, i32) -> i32
    %v = "nv_tileas.addi"(%kv128, %tid) : (i32, i32) -> i32
    "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
    "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
    %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %x = "nv_tileas.ld"(%rslot) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
    %kw = "nv_tileas.addi"(%ki, %pbid) : (i32, i32) -> i32
    %kw128 = "nv_tileas.muli"(%kw, %c128) : (i32, i32) -> i32
    %want = "nv_tileas.addi"(%kw128, %tid) : (i32, i32) -> i32
    %good = "nv_tileas.cmpi"(%x, %want) {predicate = "eq"} : (i32, i32) -> i1
    %inc = "nv_tileas.select"(%good, %c1, %c0) : (i1, i32, i32) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %inc) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %obase = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %oidx = "nv_tileas.addi"(%obase, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%ok, %oidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %count) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cluster_barrier_ring", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE-LABEL: .visible .entry cluster_barrier_ring(
// BASE: st.shared.u32
// BASE-NEXT: barrier.cluster.arrive.aligned;
// BASE-NEXT: barrier.cluster.wait.aligned;

// CHECK-LABEL: .visible .entry cluster_barrier_ring(
// CHECK: st.shared.u32
// CHECK-NEXT: mov.u32 {{%r[0-9]+}}, 3;
// CHECK-NEXT: mov.u32 [[Z:%r[0-9]+]], 0;
// CHECK: mul.hi.u32
// CHECK: sub.s32 [[R:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: setp.eq.u32 [[P:%p[0-9]+]], [[R]], [[Z]];
// CHECK-NEXT: @![[P]] bra [[ELSE:\$L__tilec_[0-9]+]];
// CHECK-NEXT: fence.release.cluster;
// CHECK-NEXT: bra.uni [[JOIN:\$L__tilec_[0-9]+]];
// CHECK-NEXT: [[ELSE]]:
// CHECK-NEXT: fence.release.sync_restrict::shared::cta.cluster;
// CHECK-NEXT: [[JOIN]]:
// CHECK-NEXT: barrier.cluster.arrive.relaxed.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;

// EXPLAIN-DAG: remark: 'fence.release.sync_restrict::shared::cta.cluster' (FENCE.VIEW.ASYNC): inserted by R11: loop barrier amortized
// EXPLAIN-DAG: remark: 'fence.release.cluster' (MEMBAR.ALL.GPU): inserted by R11
// EXPLAIN: remark: 'barrier.cluster.arrive.relaxed.aligned' (free): R11: loop barrier amortized{{.*}}; was 'barrier.cluster.arrive.aligned' (MEMBAR.ALL.GPU)
