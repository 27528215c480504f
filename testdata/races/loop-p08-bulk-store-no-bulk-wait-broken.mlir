// verify-races: an async read is complete only when its wait returns. loop-p08-tma-store-ring.mlir
// without the elected bulk_wait {read} before a staging slot is rewritten (the barrier is kept):
// rejected (check 4). Not yet checked: the final bulk_wait before the exit.
// PTX: bulk_copy_s2g (cp.async.bulk.global.shared::cta.bulk_group) reads its shared-memory source
// asynchronously, in the async proxy; the only thing that says the read is done is
// cp.async.bulk.wait_group.read N by the issuing thread (the bulk_group completion mechanism).
// A barrier after the issue orders the ISSUE, not the completion of the read, so the generic
// writes of slot s in iteration i+2 (after the barrier of iteration i+1) may land while the bulk
// store of iteration i is still reading slot s: WAR race from iteration i to i+2. (Likewise the
// CTA's shared memory may be released at exit while the last stores still read it.)
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

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
      // expected-error@+1 {{check 4 (missing proxy fence): the async proxy read by 'bulk_copy_s2g' is overwritten by 'st' through the generic-proxy before the async read is complete (no wait for it in the issuing thread, or one that leaves its group pending) (from iteration i of the loop to iteration i+2)}}
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
}) {sym_name = "p8_store_ring_no_bulk_wait", num_threads = 128 : i32} : () -> ()
