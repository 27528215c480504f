// cp-async-handoff.mlir broken: the barrier between the copy (and its wait) and the neighbour's
// read is removed. The wait completes the copy for the issuing thread only: the reader is another
// thread, unordered with it (check 1 at the copy).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %d = "nv_tileas.gep"(%s, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  // expected-error@+1 {{check 1}}
  "nv_tileas.cp_async"(%d, %p, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_wait_all"() : () -> ()
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %t1 = "nv_tileas.addi"(%tid, %one) : (i32, i32) -> i32
  %mask = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %nb = "nv_tileas.andi"(%t1, %mask) : (i32, i32) -> i32
  %q = "nv_tileas.gep"(%s, %nb) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %v = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %o = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%o, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cp_async_handoff_no_barrier", num_threads = 128 : i32} : () -> ()

// In a loop, without the barrier at the top of the body: the next iteration's copy into a slot
// may land while the neighbour still reads the previous row from it (check 1 at the read, across
// iterations).
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %d = "nv_tileas.gep"(%s, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %mask = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %t1 = "nv_tileas.addi"(%tid, %one) : (i32, i32) -> i32
  %nb = "nv_tileas.andi"(%t1, %mask) : (i32, i32) -> i32
  %q = "nv_tileas.gep"(%s, %nb) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %iters = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %z = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %sum = "nv_tileas.for"(%c0, %iters, %one, %z) ({
  ^bb0(%i: i32, %acc: i32):
    %row = "nv_tileas.gep"(%g, %i) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %p = "nv_tileas.gep"(%row, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.cp_async"(%d, %p, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.cp_async_wait_all"() : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'cp_async' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (from iteration i of the loop to iteration i+1)}}
    %v = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %v) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %o = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%o, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cp_async_ring_no_reuse_barrier", num_threads = 128 : i32} : () -> ()
