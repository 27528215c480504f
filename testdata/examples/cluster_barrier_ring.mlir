// Loop example 2 (issue 13): the pull ring of cluster_pull_ring.mlir synchronized by the cluster
// barrier instead of mbarriers (SYNC-MODEL §6 P6 in a loop, §3.1), in the conservative form.
//
// Each CTA of a 2-CTA cluster owns a 4-slot ring of 128 i32 in its shared memory. Round
// i = 0..n-1 uses slot s = i mod 4; every thread
//   1. stores v(i, bid, tid) into its own slot s (st.shared::cta);
//   2. passes the cluster barrier: default `cluster_arrive` (release, cluster scope) +
//      `cluster_wait` (acquire);
//   3. reads the peer's slot s through shared::cluster (mapa + ld) and compares it with
//      v(i, bid ^ 1, tid), counting the matches.
// After the loop each thread stores its count to ok[bid*128 + tid] (the spec expects n: every
// value of every round checked), and one more cluster barrier keeps each CTA's shared memory
// alive until its peer has read it.
//
// Handoffs (128 per round and CTA pair):
//   RAW  st.shared::cta (1) of round i -> the peer's ld.shared::cluster (3) of round i, through
//        the cluster barrier of round i
//   WAR  ld.shared::cluster (3) of round i -> the peer's st.shared::cta (1) of round i+4 into the
//        same slot, through the cluster barrier of round i+1 (the read precedes its arrive, the
//        write follows its wait); the ring is what lets one barrier per round serve both
// Conservative form (this file): the default `barrier.cluster.arrive` is release at cluster
// scope: MEMBAR.ALL.GPU every round.
// Optimal form (what the PTX text justifies, SYNC-MODEL §3.1):
//   RAW: `fence.release.sync_restrict::shared::cta.cluster` + `barrier.cluster.arrive.relaxed`,
//        then `barrier.cluster.wait` (acquire);
//   WAR: the reads are of the PEER's memory through shared::cluster, which the restricted release
//        does not order, so some cluster barrier between the read (round i) and the overwrite
//        (round i+4) must release at cluster scope without restriction. Per round that is the
//        default arrive again (or `fence.release.cluster` + relaxed arrive: the same
//        MEMBAR.ALL.GPU); with 4 slots it is enough in every third round (rounds i+1..i+3 hold
//        one), the others taking the restricted release + relaxed arrive.
// Run spec: cluster_barrier_ring.run.toml; reference: tools/bench-sync/cluster_barrier_ring.cu.
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
