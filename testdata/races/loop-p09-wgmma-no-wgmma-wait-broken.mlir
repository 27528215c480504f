// verify-races: an async read is complete only when its wait returns. One warpgroup, %iters
// iterations: every thread stores its element of the A tile (generic), fence_proxy_async
// shared_cta, barrier, wgmma_fence, wgmma_mma(A, B, acc), wgmma_commit, then a barrier -- and NO
// wgmma_wait before the next iteration's stores overwrite A. wgmma.mma_async reads its
// shared-memory operands asynchronously (async proxy) until the wgmma-group completes; only
// wgmma.wait_group says it has. The barrier orders the ISSUE of the wgmma, so the stores of
// iteration i+1 may overwrite A while the wgmma of iteration i still reads it (write after an
// async read, i -> i+1): rejected (check 4).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%pg: !nv_tileas.ptr<global>, %vg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %a = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %vsrc = "nv_tileas.gep"(%vg, %bid) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_g2s"(%b, %vsrc, %bar) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %pa = "nv_tileas.gep"(%a, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %d = "nv_tileas.for"(%c0, %iters, %c1, %zero) ({
  ^bb0(%i: i32, %acc: f32):
    %row = "nv_tileas.gep"(%pg, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
    "nv_tileas.st"(%pa, %x) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
    "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.wgmma_fence"() : () -> ()
    // expected-error@+1 {{check 4 (missing proxy fence): the async proxy read by 'wgmma_mma' is overwritten by 'st' through the generic-proxy before the async read is complete (no wait for it in the issuing thread, or one that leaves its group pending) (from iteration i of the loop to iteration i+1)}}
    %d2 = "nv_tileas.wgmma_mma"(%a, %b, %acc) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32) -> f32
    "nv_tileas.wgmma_commit"() : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"(%d2) : (f32) -> ()
  }) : (i32, i32, i32, f32) -> f32
  %base = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "wg_loop", num_threads = 128 : i32} : () -> ()
