// SYNC-MODEL §3.1 / §6 P6 in a loop, the release of a cluster barrier ring amortized over
// iterations (weakest-fence R11): cluster_barrier_ring.mlir (a 4-slot ring: round i writes slot
// i % 4 of its own CTA, the cluster barrier publishes it, every thread reads the peer's slot) with
// a restricted release (`fence.release.sync_restrict::shared::cta.cluster`) + relaxed
// `cluster_arrive` every round and a full `fence.release.cluster` only when i % 3 == 0. The RAW
// handoff of round i goes through the restricted release of round i (own shared memory); the
// write-after-read from the peer's read of slot s in round i to its overwrite in round i+4 needs a
// full release in one of the rounds i+1..i+3 (after the read, before the arrive whose wait precedes
// the overwrite): one of any three consecutive rounds is a multiple of 3. Accepted; every fourth
// round (-broken) is not.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

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
  %am_k = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
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
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
    %am_r = "nv_tileas.remui"(%i, %am_k) : (i32, i32) -> i32
    %am_c = "nv_tileas.cmpi"(%am_r, %c0) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.if"(%am_c) ({
      "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
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
}) {sym_name = "amortized_k3", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
