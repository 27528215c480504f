// Target awareness on sm_80 (no clusters): cluster scope, the shared_cluster space, cluster
// registers and dimensions, mbarrier expect_tx / try_wait / relaxed forms, the cluster barrier,
// bulk copies and the proxy fences need sm_90. What sm_80 has verifies clean, including a split
// fence above the ptx dialect (lower-as-to-ptx widens it to fence.acq_rel); on the ptx dialect a
// split fence is one instruction the target lacks.
// RUN: tile-opt %s --target sm_80 --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %bar: !nv_tileas.ptr<shared_cta>, %v: i32):
  // Accepted on sm_80.
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : () -> ()
  %a = "nv_tileas.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<sys>} : (!nv_tileas.ptr<global>) -> i32
  %b = "nv_tileas.atom"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  "nv_tileas.barrier"() {id = 1 : i32, count = 64 : i32} : () -> ()
  "nv_tileas.mbarrier_init"(%bar, %v) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  %t = "nv_tileas.mbarrier_test_wait"(%bar, %v) : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  "nv_tileas.mbarrier_inval"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()

  // Rejected on sm_80.
  // expected-error@+1 {{'fence' with scope 'cluster' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  // expected-error@+1 {{'ld' with scope 'cluster' needs sm_90 or later; the target is sm_80}}
  %c = "nv_tileas.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<global>) -> i32
  // expected-error@+1 {{'mapa' needs sm_90 or later; the target is sm_80}}
  %peer = "nv_tileas.mapa"(%bar, %v) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  // expected-error@+1 {{'st' on space 'shared_cluster' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.st"(%peer, %v) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>, i32) -> ()
  // expected-error@+1 {{'cluster_ctarank' needs sm_90 or later; the target is sm_80}}
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  // expected-error@+1 {{'cluster_arrive' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  // expected-error@+1 {{'cluster_wait' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.cluster_wait"() : () -> ()
  // expected-error@+1 {{'mbarrier_expect_tx' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 128 : i64} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_arrive' with tx_bytes (arrive.expect_tx) needs sm_90 or later; the target is sm_80}}
  "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 128 : i64} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_try_wait' needs sm_90 or later; the target is sm_80}}
  %ok = "nv_tileas.mbarrier_try_wait"(%bar, %v) : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  // expected-error@+1 {{'mbarrier_wait' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.mbarrier_wait"(%bar, %v) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  // expected-error@+1 {{'mbarrier_arrive' with scope 'cluster' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.mbarrier_arrive"(%bar) {mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'mbarrier_arrive' with semantic 'relaxed' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<relaxed>} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'fence_mbarrier_init' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.fence_mbarrier_init"() : () -> ()
  // expected-error@+1 {{'fence_proxy_async' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
  // expected-error@+1 {{'bulk_copy_s2g' needs sm_90 or later; the target is sm_80}}
  "nv_tileas.bulk_copy_s2g"(%g, %bar) {bytes = 256 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "on_sm80"} : () -> ()

// expected-error@+1 {{'kernel' with cluster_dims needs sm_90 or later; the target is sm_80}}
"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "clustered", cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%p: !cuda_tile.tile<!cuda_tile.ptr<i32>>, %v: !cuda_tile.tile<i32>):
    %o, %t = "cuda_tile.atomic_rmw_tko"(%p, %v) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    // expected-error@+1 {{'atomic_rmw_tko' with scope 'cluster' needs sm_90 or later; the target is sm_80}}
    %o2, %t2 = "cuda_tile.atomic_rmw_tko"(%p, %v) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "tile_level"} : () -> ()
}) : () -> ()

"nv_tileaa.kernel"() ({
  // expected-error@+1 {{'alloc_shared' producing a 'shared_cluster' pointer needs sm_90 or later; the target is sm_80}}
  %s = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<4x!nv_tileaa.ptr<shared_cluster, f32>>
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "aa_level"} : () -> ()

"ptx.kernel"() ({
  "ptx.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
  // expected-error@+1 {{'fence' with semantic 'acquire' (a split fence) needs sm_90 or later; the target is sm_80}}
  "ptx.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
  // expected-error@+1 {{'fence' with scope 'cluster' needs sm_90 or later; the target is sm_80}}
  "ptx.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  // expected-error@+1 {{'mov_sreg' of a cluster register needs sm_90 or later; the target is sm_80}}
  %r = "ptx.mov_sreg"() {reg = "cluster_ctarank"} : () -> i32
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_level", param_types = []} : () -> ()
