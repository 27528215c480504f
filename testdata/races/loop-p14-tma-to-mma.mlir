// SYNC-MODEL §3.1 / §6 P14 in a loop: TMA loads read by tcgen05_mma, every iteration. Warp 1's
// lanes wait on empty (parity (i & 1) ^ 1: the MMA of step i-1 has read the tiles; a fresh barrier
// passes it at i = 0), each arms full with arrive.expect_tx of its 256-byte chunk (count 32) and
// copies the chunk of the packed A|B tile with bulk_copy_g2s; the MMA thread waits on full (parity
// i & 1), issues the MMA and `tcgen05_commit`s it to empty. RAW: complete_tx → wait → mma, no proxy
// fence (both async proxy). WAR: the MMA's operand read of step i → the copies of step i+1, through
// the commit's arrive. One stage, the loader role written before the MMA role (see the README on
// operand extents and role order). The loops run %iters times; tcgen05 needs sm_100a.
// RUN: tile-opt %s --target sm_100a --passes verify-races --verify-diagnostics

// P14 SOL in a loop. The tcgen05_fence_after after the full wait is not
// required by PTX (the producer is no tcgen05 op; the earlier tcgen05 work is this thread's own
// MMA), but verify-races' check 6 asks for it in a loop.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>, %iters: i32):
  %full = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %empty = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_done = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c32 = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%full, %c32) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%empty, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_done, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Warp 1, the loader: each lane waits until the MMA of step i-1 has read the tiles (empty,
  // parity (i & 1) ^ 1), arms full with its chunk's bytes and copies the chunk.
  "nv_tileas.warp_role"() ({
    %lane = "nv_tileas.lane_id"() : () -> i32
    %chunk = "nv_tileas.gep"(%ab, %lane) {elem_bytes = 256 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %mine = "nv_tileas.gep"(%abg, %bid) {elem_bytes = 1048576 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      %step = "nv_tileas.gep"(%mine, %i) {elem_bytes = 8192 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%step, %lane) {elem_bytes = 256 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      "nv_tileas.mbarrier_wait"(%empty, %pe) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.mbarrier_arrive"(%full) {tx_bytes = 256 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.bulk_copy_g2s"(%chunk, %src, %full) {bytes = 256 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  // Thread 0, the MMA issuer: wait for the tiles of step i, accumulate, hand the tiles back.
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%full, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%empty) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.tcgen05_commit"(%bar_done) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_done, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p14_loop", num_threads = 64 : i32} : () -> ()

// P14 conservative: + fence_proxy_async before the MMA.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>, %iters: i32):
  %full = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %empty = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_done = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c32 = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%full, %c32) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%empty, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_done, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Warp 1, the loader: each lane waits until the MMA of step i-1 has read the tiles (empty,
  // parity (i & 1) ^ 1), arms full with its chunk's bytes and copies the chunk.
  "nv_tileas.warp_role"() ({
    %lane = "nv_tileas.lane_id"() : () -> i32
    %chunk = "nv_tileas.gep"(%ab, %lane) {elem_bytes = 256 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %mine = "nv_tileas.gep"(%abg, %bid) {elem_bytes = 1048576 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      %step = "nv_tileas.gep"(%mine, %i) {elem_bytes = 8192 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%step, %lane) {elem_bytes = 256 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      "nv_tileas.mbarrier_wait"(%empty, %pe) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.mbarrier_arrive"(%full) {tx_bytes = 256 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.bulk_copy_g2s"(%chunk, %src, %full) {bytes = 256 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  // Thread 0, the MMA issuer: wait for the tiles of step i, accumulate, hand the tiles back.
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%full, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%empty) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.tcgen05_commit"(%bar_done) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_done, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p14_loop_conservative", num_threads = 64 : i32} : () -> ()
