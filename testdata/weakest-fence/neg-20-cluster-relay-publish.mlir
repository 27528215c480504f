// NEGATIVE (weakest-fence must not relax a cluster-barrier arrive that relays data to a gpu-scope
// publication): a 2-CTA cluster (cluster_dims [2,1,1]). Rank 0 (`if rank == 0`, a CTA-uniform
// condition) writes data[bid*128+tid] and arrives on the cluster barrier (default semantic: release),
// then waits; rank 1 arrives, waits (acquire), issues `fence.release.gpu` and sets
// flag[bid*128+tid] with st.relaxed.gpu, read by another kernel or the host. By causality order the
// gpu release of rank 1 publishes rank 0's data too (rank 1 observed it through the cluster barrier):
// the releasing arrive of rank 0 and the fence of rank 1 are both links of that publication. The
// checker's open-world path search does not take the cluster-scope link for a gpu-scope
// publication, so the pair st data -> flag store is uncovered, which freezes every release and
// acquire of the kernel, whatever its scope: both `barrier.cluster.arrive` keep their release (no
// `.relaxed`; only rank 0's is needed, the freeze keeps rank 1's too) and `fence.release.gpu` stays
// before the flag store.
// History: found as a miscompile of an unsound change (arms of one `if` taken as exclusive, so the
// pair was dropped and the fence removed) that was reverted; R6 also used to relax both cluster
// arrives ("its release covered no handoff that needs it") because the freeze covered only sites of
// gpu scope or wider.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %r0 = "nv_tileas.cmpi"(%rank, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%r0) ({
    %p = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.cluster_arrive"() : () -> ()
    "nv_tileas.cluster_wait"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.cluster_arrive"() : () -> ()
    "nv_tileas.cluster_wait"() : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
    %f = "nv_tileas.gep"(%flag, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%f, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cluster_relay_publish", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE-LABEL: .visible .entry cluster_relay_publish(
// BASE: st.global.u32
// BASE-NEXT: barrier.cluster.arrive.aligned;
// BASE-NEXT: barrier.cluster.wait.aligned;
// BASE: barrier.cluster.arrive.aligned;
// BASE-NEXT: barrier.cluster.wait.aligned;
// BASE-NEXT: fence.release.gpu;
// BASE-NEXT: mad.wide.u32
// BASE-NEXT: st.relaxed.gpu.global.u32

// CHECK-LABEL: .visible .entry cluster_relay_publish(
// CHECK-NOT: barrier.cluster.arrive.relaxed
// CHECK: st.global.u32
// CHECK-NEXT: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NOT: barrier.cluster.arrive.relaxed
// CHECK: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NEXT: fence.release.gpu;
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: st.relaxed.gpu.global.u32
// CHECK-NOT: barrier.cluster.arrive.relaxed
// CHECK: ret;
