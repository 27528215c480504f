// verify-races: a 2-CTA exchange loop (P15: init once, fence_mbarrier_init, relaxed cluster
// barrier; then %iters rounds in which each CTA's elected thread arms its bar[i % 2], st_async's
// its value into the peer's slot[i % 2] completing on the peer's bar, waits on its own bar and
// reads), with no cluster barrier before the exit and %iters a kernel parameter. Accepted: every
// st_async into the peer is acquired by the peer's wait of the same round before the peer leaves
// its loop, and if the loop runs zero times there is no st_async (the two loops are one group with
// grid-uniform bounds: the wait of a round runs whenever its st_async does).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %bar = "nv_tileas.alloc_shared"() {size = 16 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %slot = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %slots = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  // Once: initialize the barriers and publish them to the peer.
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %slots, %c1) ({
    ^bb0(%s: i32):
      %b = "nv_tileas.gep"(%bar, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%b, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  // Every round: send the own value into the peer's slot, receive the peer's value.
  "nv_tileas.elect"() ({
    %mine = "nv_tileas.gep"(%in, %bid) {elem_bytes = 65536 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %s = "nv_tileas.remui"(%i, %slots) : (i32, i32) -> i32
      %u = "nv_tileas.divui"(%i, %slots) : (i32, i32) -> i32
      %ph = "nv_tileas.andi"(%u, %c1) : (i32, i32) -> i32
      %b = "nv_tileas.gep"(%bar, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %rb = "nv_tileas.mapa"(%b, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
      %p = "nv_tileas.gep"(%slot, %s) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %rp = "nv_tileas.mapa"(%p, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
      %src = "nv_tileas.gep"(%mine, %i) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.mbarrier_arrive"(%b) {tx_bytes = 4 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.st_async"(%rp, %v, %rb) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
      "nv_tileas.mbarrier_wait"(%b, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      %x = "nv_tileas.ld"(%p) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
      %t = "nv_tileas.addi"(%v, %x) : (i32, i32) -> i32
      %acc2 = "nv_tileas.addi"(%acc, %t) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p15_exchange_loop_no_exit_barrier", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
