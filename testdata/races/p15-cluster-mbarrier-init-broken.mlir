// SYNC-MODEL.md §6 P15, broken variants of p15-cluster-mbarrier-init.mlir's SOL kernel. Check 8 is
// reported at the peer's use of the barrier (the st_async that completes on it), check 7 at the wait.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P15 broken (check 8): fence_mbarrier_init is removed; the cluster barrier (relaxed) orders the
// execution but nothing makes the init visible to the peer's st_async completing on the barrier.
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
    // expected-error@+1 {{check 8}}
    "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
    "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %s = "nv_tileas.addi"(%v, %x) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p15_no_fence_mbarrier_init", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// P15 broken (check 8): the cluster barrier is replaced by a CTA barrier; the peer CTA may
// complete its st_async on the barrier before the barrier is initialized.
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
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 4 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    // expected-error@+1 {{check 8}}
    "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
    "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %s = "nv_tileas.addi"(%v, %x) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p15_cta_barrier_only", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// P15 broken (check 8): the cluster barrier is placed before the init instead of after it.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 4 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    // expected-error@+1 {{check 8}}
    "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
    "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %s = "nv_tileas.addi"(%v, %x) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p15_cluster_barrier_before_init", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// P15 broken (check 7): the arrive.expect_tx is removed. The peer's st_async completes 4
// transaction bytes, but no thread arrives, so the arrival count of 1 is never reached.
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
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
    "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
    // expected-error@+1 {{check 7}}
    "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %s = "nv_tileas.addi"(%v, %x) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p15_no_arrive", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
