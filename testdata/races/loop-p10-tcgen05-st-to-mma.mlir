// SYNC-MODEL §3.1 / §6 P10 in a loop: TMEM written by tcgen05_st and accumulated into by
// tcgen05_mma, one output tile per iteration (a persistent kernel's accumulator). Warps 1-4
// preload the accumulator rows of tile i (a bias) with tcgen05_st, `tcgen05_wait_st`,
// `tcgen05_fence_before`, arrive on bar_acc (release, count 128); the MMA thread waits on bar_acc
// (parity i & 1), `tcgen05_fence_after`, accumulates A x B (loaded once by TMA) and
// `tcgen05_commit`s to bar_mma. Before preloading tile i+1 the warps wait on bar_mma (the phase of
// iteration i) + `tcgen05_fence_after`: the MMA of iteration i must be done with the rows the
// tcgen05_st of iteration i+1 overwrites (P12's loop test reads the result; here it is not read).
// The loops run %iters times; tcgen05 needs sm_100a.
// RUN: tile-opt %s --target sm_100a --passes verify-races --verify-diagnostics

// P10 SOL in a loop.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %bias: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>, %iters: i32):
  %bar_ab = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_acc = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_mma = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar_ab, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_acc, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_mma, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Warps 1-4: wait until the MMA of tile i-1 is done with the accumulator (bar_mma, the phase of
  // iteration i-1: parity (i & 1) ^ 1, which a fresh barrier passes at i = 0), preload tile i's rows.
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      %brow = "nv_tileas.gep"(%bias, %i) {elem_bytes = 1024 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %bsrc = "nv_tileas.gep"(%brow, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%bsrc) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
      "nv_tileas.mbarrier_wait"(%bar_mma, %pe) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      "nv_tileas.tcgen05_st"(%row, %v) : (!nv_tileas.ptr<tmem>, f32) -> ()
      "nv_tileas.tcgen05_wait_st"() : () -> ()
      "nv_tileas.tcgen05_fence_before"() : () -> ()
      "nv_tileas.mbarrier_arrive"(%bar_acc) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  // Thread 0: A and B once by TMA; per tile, wait for the preloaded rows, accumulate, commit.
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%bar_acc, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%bar_mma) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p10_loop", num_threads = 160 : i32} : () -> ()
