// SYNC-MODEL §3.1: loop-p12-tcgen05-mma-to-ld.mlir with one wait or fence removed; verify-races
// rejects each kernel, naming the iterations of the racing accesses.
// RUN: tile-opt %s --target sm_100a --passes verify-races --verify-diagnostics

// The MMA thread does not wait on bar_free: the MMA of tile i+1 overwrites the accumulator while
// the epilogue may still read tile i.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>, %iters: i32):
  %bar_ab = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_full = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_free = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar_ab, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_full, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_free, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Thread 0: A and B once by TMA; per tile, wait until the epilogue has read the previous tile's
  // accumulator (bar_free, the phase of iteration i-1), compute the tile, commit it to bar_full.
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%bar_full) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  // Warps 1-4, the epilogue: wait for tile i (bar_full), read the own accumulator row, hand the
  // accumulator back (bar_free, count 128).
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %zero) ({
    ^bb0(%i: i32, %acc: f32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%bar_full, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'tcgen05_ld' is overwritten by 'tcgen05_mma' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (from iteration i of the loop to iteration i+1)}}
      %d = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
      "nv_tileas.tcgen05_wait_ld"() : () -> ()
      "nv_tileas.tcgen05_fence_before"() : () -> ()
      "nv_tileas.mbarrier_arrive"(%bar_free) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      %acc2 = "nv_tileas.addf"(%acc, %d) : (f32, f32) -> f32
      "nv_tileas.yield"(%acc2) : (f32) -> ()
    }) : (i32, i32, i32, f32) -> f32
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %n = "nv_tileas.constant"() {value = 160 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p12_loop_no_free_wait", num_threads = 160 : i32} : () -> ()

// The MMA thread waits on bar_free without tcgen05_fence_after before the next MMA.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>, %iters: i32):
  %bar_ab = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_full = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_free = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar_ab, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_full, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_free, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Thread 0: A and B once by TMA; per tile, wait until the epilogue has read the previous tile's
  // accumulator (bar_free, the phase of iteration i-1), compute the tile, commit it to bar_full.
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%bar_free, %pe) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      // expected-error@+1 {{check 6 (tcgen05 ordering): 'tcgen05_mma' is ordered after other tcgen05 work by 'mbarrier_wait', with no 'tcgen05_fence_after' after that thread sync (in the same iteration of the loop)}}
      "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%bar_full) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  // Warps 1-4, the epilogue: wait for tile i (bar_full), read the own accumulator row, hand the
  // accumulator back (bar_free, count 128).
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %zero) ({
    ^bb0(%i: i32, %acc: f32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%bar_full, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      %d = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
      "nv_tileas.tcgen05_wait_ld"() : () -> ()
      "nv_tileas.tcgen05_fence_before"() : () -> ()
      "nv_tileas.mbarrier_arrive"(%bar_free) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      %acc2 = "nv_tileas.addf"(%acc, %d) : (f32, f32) -> f32
      "nv_tileas.yield"(%acc2) : (f32) -> ()
    }) : (i32, i32, i32, f32) -> f32
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %n = "nv_tileas.constant"() {value = 160 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p12_loop_no_fence_after_free_wait", num_threads = 160 : i32} : () -> ()

// The epilogue's full wait is relaxed.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>, %iters: i32):
  %bar_ab = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_full = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_free = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar_ab, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_full, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_free, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Thread 0: A and B once by TMA; per tile, wait until the epilogue has read the previous tile's
  // accumulator (bar_free, the phase of iteration i-1), compute the tile, commit it to bar_full.
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%bar_free, %pe) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the async write by 'tcgen05_mma' is read by 'tcgen05_ld' of another thread of the CTA through an execution edge that orders no memory: the acquire side 'mbarrier_wait' is relaxed and no acquire fence follows it (in the same iteration of the loop)}}
      "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%bar_full) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  // Warps 1-4, the epilogue: wait for tile i (bar_full), read the own accumulator row, hand the
  // accumulator back (bar_free, count 128).
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %zero) ({
    ^bb0(%i: i32, %acc: f32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%bar_full, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      %d = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
      "nv_tileas.tcgen05_wait_ld"() : () -> ()
      "nv_tileas.tcgen05_fence_before"() : () -> ()
      "nv_tileas.mbarrier_arrive"(%bar_free) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      %acc2 = "nv_tileas.addf"(%acc, %d) : (f32, f32) -> f32
      "nv_tileas.yield"(%acc2) : (f32) -> ()
    }) : (i32, i32, i32, f32) -> f32
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %n = "nv_tileas.constant"() {value = 160 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p12_loop_relaxed_full_wait", num_threads = 160 : i32} : () -> ()

// No tcgen05_fence_after between the epilogue's wait and its tcgen05_ld.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>, %iters: i32):
  %bar_ab = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_full = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_free = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar_ab, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_full, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_free, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Thread 0: A and B once by TMA; per tile, wait until the epilogue has read the previous tile's
  // accumulator (bar_free, the phase of iteration i-1), compute the tile, commit it to bar_full.
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%bar_free, %pe) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%bar_full) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  // Warps 1-4, the epilogue: wait for tile i (bar_full), read the own accumulator row, hand the
  // accumulator back (bar_free, count 128).
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %zero) ({
    ^bb0(%i: i32, %acc: f32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%bar_full, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      // expected-error@+1 {{check 6 (tcgen05 ordering): 'tcgen05_ld' is ordered after other tcgen05 work by 'mbarrier_wait', with no 'tcgen05_fence_after' after that thread sync (in the same iteration of the loop)}}
      %d = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
      "nv_tileas.tcgen05_wait_ld"() : () -> ()
      "nv_tileas.tcgen05_fence_before"() : () -> ()
      "nv_tileas.mbarrier_arrive"(%bar_free) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      %acc2 = "nv_tileas.addf"(%acc, %d) : (f32, f32) -> f32
      "nv_tileas.yield"(%acc2) : (f32) -> ()
    }) : (i32, i32, i32, f32) -> f32
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %n = "nv_tileas.constant"() {value = 160 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p12_loop_no_fence_after_full_wait", num_threads = 160 : i32} : () -> ()

// No tcgen05_fence_before before the epilogue's arrive on bar_free.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>, %iters: i32):
  %bar_ab = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_full = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_free = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar_ab, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_full, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_free, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Thread 0: A and B once by TMA; per tile, wait until the epilogue has read the previous tile's
  // accumulator (bar_free, the phase of iteration i-1), compute the tile, commit it to bar_full.
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%bar_free, %pe) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tcgen05_commit"(%bar_full) : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  // Warps 1-4, the epilogue: wait for tile i (bar_full), read the own accumulator row, hand the
  // accumulator back (bar_free, count 128).
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %zero) ({
    ^bb0(%i: i32, %acc: f32):
      %ph = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.mbarrier_wait"(%bar_full, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.tcgen05_fence_after"() : () -> ()
      %d = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
      "nv_tileas.tcgen05_wait_ld"() : () -> ()
      // expected-error@+1 {{check 6 (tcgen05 ordering): 'mbarrier_arrive' synchronizes threads after tcgen05 work ('tcgen05_ld') that later tcgen05 work is ordered against, with no 'tcgen05_fence_before' before it (in the same iteration of the loop)}}
      "nv_tileas.mbarrier_arrive"(%bar_free) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      %acc2 = "nv_tileas.addf"(%acc, %d) : (f32, f32) -> f32
      "nv_tileas.yield"(%acc2) : (f32) -> ()
    }) : (i32, i32, i32, f32) -> f32
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %n = "nv_tileas.constant"() {value = 160 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p12_loop_no_fence_before_free", num_threads = 160 : i32} : () -> ()
