// SYNC-MODEL.md §6 P15: an mbarrier that a peer CTA of the cluster uses. Each CTA of a 2-CTA
// cluster sends one value (its partial result) into the peer's shared memory with st_async,
// completing on the peer's mbarrier; the elected thread of the receiver waits and combines. SOL:
// `mbarrier_init`, `fence_mbarrier_init`, relaxed `cluster_arrive` + `cluster_wait` before any peer
// uses the barrier. Conservative: + `fence.acq_rel.cluster` and the default (release)
// cluster_arrive.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P15 SOL.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 4 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
    "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %s = "nv_tileas.addi"(%v, %x) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p15_sol", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// P15 conservative: fence.acq_rel.cluster after fence_mbarrier_init and a release cluster_arrive.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 4 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
    "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %s = "nv_tileas.addi"(%v, %x) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p15_conservative", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
