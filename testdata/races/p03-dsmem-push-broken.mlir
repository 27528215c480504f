// SYNC-MODEL.md §6 P3, broken variants: each kernel is one of p03-dsmem-push.mlir's with one piece
// removed or weakened; verify-races must reject it (checks 1-4 at the producer access, 7 at the
// wait, 8 at the use of the mbarrier that comes too early).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P3 broken (check 2): the wait acquires at cta scope only; the producer threads are in the
// peer CTA, outside that scope.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 512 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  // expected-error@+1 {{check 2}}
  "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p3_wait_cta_scope", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// P3 broken (check 2): the conservative form with fence.acq_rel.cta instead of .cluster before
// the relaxed remote arrive; the release does not reach the peer CTA.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  // expected-error@+1 {{check 2}}
  "nv_tileas.st"(%rslot, %v) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
  "nv_tileas.mbarrier_arrive"(%rbar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p3_conservative_fence_cta", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// P3 broken (check 1): the conservative form without its fence: a relaxed remote arrive after a
// weak st.shared::cluster has no memory order on the producer side.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  // expected-error@+1 {{check 1}}
  "nv_tileas.st"(%rslot, %v) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>, i32) -> ()
  "nv_tileas.mbarrier_arrive"(%rbar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p3_conservative_no_fence", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// P3 broken (check 7): the arrive expects 1024 transaction bytes, but the peer's 128 st_async of
// 4 bytes complete only 512: the phase never completes.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 1024 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
  // expected-error@+1 {{check 7}}
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p3_expect_too_many_bytes", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// P3 broken (check 8): the cluster barrier after the init is replaced by a CTA barrier; the own
// CTA's threads see the init, but the peer's st_async completes on the barrier with no
// cluster barrier after its init.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 512 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  // expected-error@+1 {{check 8}}
  "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p3_init_not_published_to_peer", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
