// NEGATIVE (weakest-fence must not relax the cluster barrier or use sync_restrict when global data
// crosses it): in both kernels each CTA of a 2-CTA cluster writes its own shared buffer (read by the
// peer through mapa, as in P6) *and* a slice of a global scratch buffer, then the default (release)
// `barrier.cluster.arrive` / `barrier.cluster.wait`.
// - p6_with_gmem_release_arrive (testdata/races/p06-cluster-barrier-pull.mlir): the global slice is
//   read back by another thread of the same CTA;
// - cluster_gmem_peer_release_arrive: the global slice is read by the peer CTA (block_id ^ 1).
// The P6 SOL (`fence.release.sync_restrict::shared::cta.cluster` + relaxed arrive, R6+R4) would
// cover the shared buffer only: a `sync_restrict::shared::cta` fence orders no global store, and the
// relaxed arrive orders nothing, so the global handoff would be unsynchronized. The release arrive
// (MEMBAR.ALL.GPU) stays.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %scratch: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %gslot = "nv_tileas.gep"(%scratch, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%gslot, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %x = "nv_tileas.ld"(%rslot) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %ridx = "nv_tileas.addi"(%base, %rev) : (i32, i32) -> i32
  %gother = "nv_tileas.gep"(%scratch, %ridx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %y = "nv_tileas.ld"(%gother) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %s = "nv_tileas.addi"(%x, %y) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  // The exit barrier releases: the peer's reads of this CTA's shared memory happen before it exits.
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p6_with_gmem_release_arrive", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %scratch: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %gslot = "nv_tileas.gep"(%scratch, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%gslot, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %x = "nv_tileas.ld"(%rslot) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
  %pbid = "nv_tileas.xori"(%bid, %c1) : (i32, i32) -> i32
  %pbase = "nv_tileas.muli"(%pbid, %n) : (i32, i32) -> i32
  %ridx = "nv_tileas.addi"(%pbase, %tid) : (i32, i32) -> i32
  %gother = "nv_tileas.gep"(%scratch, %ridx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %y = "nv_tileas.ld"(%gother) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %s = "nv_tileas.addi"(%x, %y) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  // The exit barrier releases: the peer's reads of this CTA's shared memory happen before it exits.
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cluster_gmem_peer_release_arrive", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE-LABEL: .visible .entry p6_with_gmem_release_arrive(
// BASE: st.global.u32
// BASE-NEXT: barrier.cluster.arrive.aligned;
// BASE-LABEL: .visible .entry cluster_gmem_peer_release_arrive(
// BASE: st.global.u32
// BASE-NEXT: barrier.cluster.arrive.aligned;

// CHECK-LABEL: .visible .entry p6_with_gmem_release_arrive(
// CHECK-NOT: sync_restrict
// CHECK: st.global.u32
// CHECK-NEXT: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NOT: sync_restrict
// CHECK-LABEL: .visible .entry cluster_gmem_peer_release_arrive(
// CHECK-NOT: sync_restrict
// CHECK: st.global.u32
// CHECK-NEXT: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NOT: sync_restrict
// CHECK: ret;

// EXPLAIN: remark: 'barrier.cluster.arrive.aligned' (MEMBAR.ALL.GPU): kept: no cheaper mechanism covers its handoffs
// EXPLAIN: remark: 'barrier.cluster.arrive.aligned' (MEMBAR.ALL.GPU): kept: no cheaper mechanism covers its handoffs
