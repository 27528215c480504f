// SYNC-MODEL §3.1 / §6 P8 in a loop: a TMA store pipeline. Every iteration the threads write their
// element of staging slot i % 2, `fence_proxy_async` shared_cta (generic writes → async-proxy
// read), `barrier`, and the elected thread stores the slot to global memory with bulk_copy_s2g +
// bulk_commit. Before a slot is written again (iteration i+2) the elected thread waits with
// bulk_wait {pending = 1, read} (the store of iteration i has finished reading it; the one of i+1
// may still run) and a `barrier` passes that on to the writers; after the loop bulk_wait
// {pending = 0, read} keeps the staging buffer alive until the last stores have read it.
// verify-races checks the reuse of a slot (the bulk store's async read of iteration i → the
// generic writes of iteration i+2): the issuing thread's bulk_wait must leave that store's group
// done (at least pending + 1 commits between them). The broken kernels break the write → bulk
// read handoff of an iteration, or leave two groups pending
// (loop-p08-tma-store-ring-broken.mlir, loop-p08-bulk-store-no-bulk-wait-broken.mlir).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P8 SOL in a loop.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %stage = "nv_tileas.alloc_shared"() {size = 1024 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c2 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %g0 = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %g = "nv_tileas.addi"(%g0, %tid) : (i32, i32) -> i32
  %mine = "nv_tileas.gep"(%out, %bid) {elem_bytes = 1048576 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.for"(%c0, %iters, %c1) ({
  ^bb0(%i: i32):
    %s = "nv_tileas.remui"(%i, %c2) : (i32, i32) -> i32
    %sb = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%sb, %tid) : (i32, i32) -> i32
    %p = "nv_tileas.gep"(%stage, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %slot = "nv_tileas.gep"(%stage, %s) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // Slot s was last read by the bulk store of iteration i-2: the elected thread waits until at
    // most one bulk group (iteration i-1's) still reads its source, the barrier passes that on.
    "nv_tileas.elect"() ({
      "nv_tileas.bulk_wait"() {pending = 1 : i32, read} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 65536 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %src = "nv_tileas.gep"(%row, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
    %sq = "nv_tileas.mulf"(%v, %v) : (f32, f32) -> f32
    "nv_tileas.st"(%p, %sq) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
    "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %dst = "nv_tileas.gep"(%mine, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      "nv_tileas.bulk_copy_s2g"(%dst, %slot) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.bulk_commit"() : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  // The last two bulk stores may still read the staging buffer: wait before leaving.
  "nv_tileas.elect"() ({
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p8_store_ring", num_threads = 128 : i32} : () -> ()

// P8 conservative: fence_proxy_async over every space + fence.acq_rel.gpu.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %stage = "nv_tileas.alloc_shared"() {size = 1024 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c2 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %g0 = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %g = "nv_tileas.addi"(%g0, %tid) : (i32, i32) -> i32
  %mine = "nv_tileas.gep"(%out, %bid) {elem_bytes = 1048576 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.for"(%c0, %iters, %c1) ({
  ^bb0(%i: i32):
    %s = "nv_tileas.remui"(%i, %c2) : (i32, i32) -> i32
    %sb = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%sb, %tid) : (i32, i32) -> i32
    %p = "nv_tileas.gep"(%stage, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %slot = "nv_tileas.gep"(%stage, %s) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // Slot s was last read by the bulk store of iteration i-2: the elected thread waits until at
    // most one bulk group (iteration i-1's) still reads its source, the barrier passes that on.
    "nv_tileas.elect"() ({
      "nv_tileas.bulk_wait"() {pending = 1 : i32, read} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 65536 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %src = "nv_tileas.gep"(%row, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
    %sq = "nv_tileas.mulf"(%v, %v) : (f32, f32) -> f32
    "nv_tileas.st"(%p, %sq) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
    "nv_tileas.fence_proxy_async"() : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %dst = "nv_tileas.gep"(%mine, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      "nv_tileas.bulk_copy_s2g"(%dst, %slot) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.bulk_commit"() : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  // The last two bulk stores may still read the staging buffer: wait before leaving.
  "nv_tileas.elect"() ({
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p8_store_ring_conservative", num_threads = 128 : i32} : () -> ()
