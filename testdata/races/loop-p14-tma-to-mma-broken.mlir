// SYNC-MODEL §3.1: loop-p14-tma-to-mma.mlir with one wait removed or weakened; verify-races rejects
// each kernel, naming the iterations of the racing accesses.
// RUN: tile-opt %s --target sm_100a --passes verify-races --verify-diagnostics

// The loader does not wait on empty: the copies of step i+1 overwrite the tiles the MMA of step i
// may still read.
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
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'tcgen05_mma' is overwritten by 'bulk_copy_g2s' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (from iteration i of the loop to iteration i+1)}}
      "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%empty) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.tcgen05_commit"(%bar_done) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_done, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p14_loop_no_empty_wait", num_threads = 64 : i32} : () -> ()

// The loader's empty wait is relaxed.
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
      "nv_tileas.mbarrier_wait"(%empty, %pe) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
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
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'tcgen05_mma' is overwritten by 'bulk_copy_g2s' of another thread of the CTA through an execution edge that orders no memory: the acquire side 'mbarrier_wait' is relaxed and no acquire fence follows it (from iteration i of the loop to iteration i+1)}}
      "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%empty) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.tcgen05_commit"(%bar_done) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_done, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p14_loop_relaxed_empty_wait", num_threads = 64 : i32} : () -> ()

// The MMA thread's full wait is relaxed.
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
      // expected-error@+1 {{check 1 (unsynchronized handoff): the async write by 'bulk_copy_g2s' is read by 'tcgen05_mma' of another thread of the CTA through an execution edge that orders no memory: the acquire side 'mbarrier_wait' is relaxed and no acquire fence follows it (in the same iteration of the loop)}}
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
      "nv_tileas.mbarrier_wait"(%full, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
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
}) {sym_name = "p14_loop_relaxed_full_wait", num_threads = 64 : i32} : () -> ()

// The MMA thread waits on full with the wrong parity: the phase of step i-1.
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
      // expected-error@+1 {{check 1 (unsynchronized handoff): the async write by 'bulk_copy_g2s' is read by 'tcgen05_mma' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (in the same iteration of the loop)}}
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
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%full, %pe) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
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
}) {sym_name = "p14_loop_full_wrong_parity", num_threads = 64 : i32} : () -> ()
