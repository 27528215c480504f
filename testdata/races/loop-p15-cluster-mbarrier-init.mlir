// SYNC-MODEL §3.1 / §6 P15 in a loop: an mbarrier initialized once and used by the peer CTA in
// every iteration. The elected thread of each CTA of a 2-CTA cluster initializes bar[0..1],
// `fence_mbarrier_init`, relaxed `cluster_arrive` + `cluster_wait`; then in round i it arms its
// own bar[i % 2] (arrive.expect_tx 4 bytes), st_async's its value into slot i % 2 of the PEER,
// completing on the peer's bar[i % 2], waits on its own bar[i % 2] (parity (i / 2) & 1,
// acquire.cluster) and reads the peer's value. Two slots are enough: the peer writes slot s again
// in round i+2 only after its wait of round i+1, which needs this CTA's st_async of round i+1,
// issued after the read of round i (its complete_tx releases at cluster scope). The loops run
// %iters times.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P15 SOL, then the rounds; a cluster barrier before the exit (with %iters a parameter verify-races
// cannot tell that the peer's last wait, inside its loop, orders the last st_async before its exit).
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
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p15_loop", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// The same with a constant trip count and no exit barrier: every st_async into the peer is acquired
// by the peer's wait of the same round before it leaves (as in p15_sol).
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %unused: i32):
  %bar = "nv_tileas.alloc_shared"() {size = 16 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %slot = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %iters = "nv_tileas.constant"() {value = 1000 : i32} : () -> i32
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
}) {sym_name = "p15_loop_const_no_exit_barrier", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// P15 conservative: + fence.acq_rel.cluster and the default (release) cluster_arrive.
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
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"()  : () -> ()
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
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p15_loop_conservative", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
