// Loop example 1 (issue 13): a distributed-shared-memory *pull* ring between the 2 CTAs of a
// cluster (SYNC-MODEL §6 P5 in a loop, §3.1), written in the conservative form.
//
// Each CTA owns a 4-slot ring of 128 i32 in its shared memory, and per slot a `full` and an
// `empty` mbarrier (count 128). Round i = 0..n-1 uses slot s = i mod 4 in turn t = i / 4; every
// thread of every CTA both produces into its own ring and consumes its peer's ring:
//   1. wait its own empty[s] (parity (t & 1) ^ 1: the peer has read round i-4 out of slot s; in
//      turn 0 the wait on parity 1 of a fresh barrier returns at once);
//   2. store v(i, bid, tid) into its own slot s (st.shared::cta);
//   3. arrive on the PEER's full[s] (remote, mapa), announcing the slot;
//   4. wait its own full[s] (parity t & 1: the peer's 128 threads filled their slot s);
//   5. read the peer's slot s through shared::cluster (mapa + ld) and compare with v(i, bid ^ 1,
//      tid), counting the matches;
//   6. arrive on the PEER's empty[s] (remote): the peer may refill the slot in round i+4.
// After the loop each thread stores its count of matching values to ok[bid*128 + tid] (the spec
// expects n everywhere: every value of every round checked), and a cluster barrier keeps each
// CTA's shared memory alive until its peer is done with it.
//
// Handoffs (each 128 per round and CTA pair):
//   RAW  producer st.shared::cta (2) -> consumer ld.shared::cluster (5) through full[s]
//   WAR  consumer ld.shared::cluster (5) of round i -> producer st.shared::cta (2) of round
//        i+4 into the same slot, through empty[s]
// Conservative form (this file): `fence.acq_rel.cluster` (MEMBAR.ALL.GPU) before each relaxed
// remote arrive and after each relaxed wait, four per round.
// Optimal form (what the PTX text justifies, SYNC-MODEL §3.1):
//   RAW release: `fence.release.sync_restrict::shared::cta.cluster` + relaxed remote arrive;
//   RAW acquire: relaxed wait + `fence.acquire.sync_restrict::shared::cluster.cluster`;
//   WAR release: the reads are of the PEER's memory through shared::cluster, which the restricted
//     release does not order: `fence.release.cluster` (MEMBAR.ALL.GPU) stays before the empty
//     arrive;
//   WAR acquire: relaxed wait + `fence.acquire.sync_restrict::shared::cluster.cluster` (free).
// Run spec: cluster_pull_ring.run.toml; reference: tools/bench-sync/cluster_pull_ring.cu.
"nv_tileas.kernel"() ({
^bb0(%ok: !nv_tileas.ptr<global>, %n: i32):
  %ring = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %full = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %empty = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c2 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %c3 = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c256 = "nv_tileas.constant"() {value = 256 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  %pbid = "nv_tileas.xori"(%bid, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %c4, %c1) ({
    ^bb0(%j: i32):
      %fj = "nv_tileas.gep"(%full, %j) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %ej = "nv_tileas.gep"(%empty, %j) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%fj, %c128) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.mbarrier_init"(%ej, %c128) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    %s = "nv_tileas.andi"(%i, %c3) : (i32, i32) -> i32
    %t = "nv_tileas.shrui"(%i, %c2) : (i32, i32) -> i32
    %ph = "nv_tileas.andi"(%t, %c1) : (i32, i32) -> i32
    %eph = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
    %fb = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %eb = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %slot = "nv_tileas.gep"(%ring, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // 1-3: produce into the own slot.
    "nv_tileas.mbarrier_wait"(%eb, %eph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    %ki = "nv_tileas.muli"(%i, %c256) : (i32, i32) -> i32
    %kv = "nv_tileas.addi"(%ki, %bid) : (i32, i32) -> i32
    %kv128 = "nv_tileas.muli"(%kv, %c128) : (i32, i32) -> i32
    %v = "nv_tileas.addi"(%kv128, %tid) : (i32, i32) -> i32
    "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    %rfb = "nv_tileas.mapa"(%fb, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    "nv_tileas.mbarrier_arrive"(%rfb) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
    // 4-6: consume the peer's slot.
    "nv_tileas.mbarrier_wait"(%fb, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %x = "nv_tileas.ld"(%rslot) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
    %kw = "nv_tileas.addi"(%ki, %pbid) : (i32, i32) -> i32
    %kw128 = "nv_tileas.muli"(%kw, %c128) : (i32, i32) -> i32
    %want = "nv_tileas.addi"(%kw128, %tid) : (i32, i32) -> i32
    %good = "nv_tileas.cmpi"(%x, %want) {predicate = "eq"} : (i32, i32) -> i1
    %inc = "nv_tileas.select"(%good, %c1, %c0) : (i1, i32, i32) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %inc) : (i32, i32) -> i32
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    %reb = "nv_tileas.mapa"(%eb, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    "nv_tileas.mbarrier_arrive"(%reb) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %obase = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %oidx = "nv_tileas.addi"(%obase, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%ok, %oidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %count) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cluster_pull_ring", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
