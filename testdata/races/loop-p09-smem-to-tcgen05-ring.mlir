// SYNC-MODEL §3.1 / §6 P9 (tcgen05) in a loop: generic shared-memory writes read by tcgen05_mma,
// every iteration. Warps 1-4 write the A tile (generic stores), `fence_proxy_async` shared_cta,
// arrive on full (release, count 128); the MMA thread (elected, warp 0) waits on full (parity
// i & 1), issues tcgen05_mma (B was loaded once by TMA) and hands the tile back with
// tcgen05_commit on empty, which arrives when the MMA has read its operands; the writers wait on
// empty (the other parity) before overwriting A in iteration i+1 (async-proxy read → generic write,
// through a completion mechanism: no fence). One stage: verify-races gives tcgen05_mma operands
// no extent, so the stages of a multi-stage ring in one allocation would all overlap. The loops
// run %iters times. tcgen05 needs sm_100a.
// RUN: tile-opt %s --target sm_100a --passes verify-races --verify-diagnostics

// P9 (tcgen05) SOL in a loop. The tcgen05_fence_after after the full wait is not required by PTX
// (the only earlier tcgen05 work is this thread's own previous MMA, an implicitly pipelined
// mma -> mma pair), but verify-races' check 6 asks for it.
"nv_tileas.kernel"() ({
^bb0(%ag: !nv_tileas.ptr<global>, %bg: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>, %iters: i32):
  %full = "nv_tileas.alloc_shared"() {size = 16 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %empty = "nv_tileas.alloc_shared"() {size = 16 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_b = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_done = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %a = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %stages = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %stages, %c1) ({
    ^bb0(%s: i32):
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%f, %c128) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%e, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_b, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_done, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Warps 1-4: the A tiles, generic stores (e.g. a tile computed by the threads).
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %c1024 = "nv_tileas.constant"() {value = 1024 : i32} : () -> i32
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %s = "nv_tileas.remui"(%i, %stages) : (i32, i32) -> i32
      %u = "nv_tileas.divui"(%i, %stages) : (i32, i32) -> i32
      %ph = "nv_tileas.andi"(%u, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %sb = "nv_tileas.muli"(%s, %c1024) : (i32, i32) -> i32
      %idx = "nv_tileas.addi"(%sb, %tid) : (i32, i32) -> i32
      %pa = "nv_tileas.gep"(%a, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %row = "nv_tileas.gep"(%ag, %i) {elem_bytes = 65536 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
      "nv_tileas.mbarrier_wait"(%e, %pe) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.st"(%pa, %x) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
      "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
      "nv_tileas.mbarrier_arrive"(%f) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  // Thread 0: B once by TMA, then one MMA per stage, committed to empty[s].
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_b) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %bsrc = "nv_tileas.gep"(%bg, %bid) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_g2s"(%b, %bsrc, %bar_b) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_b, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %s = "nv_tileas.remui"(%i, %stages) : (i32, i32) -> i32
      %u = "nv_tileas.divui"(%i, %stages) : (i32, i32) -> i32
      %ph = "nv_tileas.andi"(%u, %c1) : (i32, i32) -> i32
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %as = "nv_tileas.gep"(%a, %s) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_wait"(%f, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      "nv_tileas.tcgen05_mma"(%tm, %as, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%e) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    // The accumulator is complete when the last MMA is (the epilogue that reads it is P12's).
    "nv_tileas.tcgen05_commit"(%bar_done) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_done, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p9_ring", num_threads = 160 : i32} : () -> ()
