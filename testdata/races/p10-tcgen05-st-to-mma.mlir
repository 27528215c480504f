// SYNC-MODEL.md §6 P10: TMEM written by tcgen05_st and read by tcgen05_mma of another thread.
// Warps 1-4 (128 threads) clear their accumulator rows in TMEM, the MMA thread (elected, warp 0)
// accumulates A x B into them; A and B arrive by one TMA copy (packed in one 8 KiB buffer). SOL:
// `tcgen05_wait_st` (the stores are done), `tcgen05_fence_before` + mbarrier arrive (release, cta;
// count 128) on the writers' side, mbarrier wait + `tcgen05_fence_after` before the MMA. The MMA
// completes on bar_mma through tcgen05_commit (the epilogue that reads D is P12's).
// RUN: tile-opt %s --target sm_100a --passes verify-races --verify-diagnostics

// P10 SOL.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>):
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
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
    %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
    "nv_tileas.tcgen05_st"(%row, %zero) : (!nv_tileas.ptr<tmem>, f32) -> ()
    "nv_tileas.tcgen05_wait_st"() : () -> ()
    "nv_tileas.tcgen05_fence_before"() : () -> ()
    "nv_tileas.mbarrier_arrive"(%bar_acc) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_wait"(%bar_acc, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.tcgen05_fence_after"() : () -> ()
    "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.tcgen05_commit"(%bar_mma) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_mma, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p10_sol", num_threads = 160 : i32} : () -> ()
