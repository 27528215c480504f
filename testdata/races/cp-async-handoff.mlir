// cp_async handoff: each thread copies 16 bytes of global memory into its own shared slot
// (cp.async), waits for it (cp.async.wait_all), and after a CTA barrier reads its neighbour's
// slot. verify-races models the copy as a store where it is issued (cp_async's verifier keeps its
// wait ahead of any other access or barrier), so the barrier is what orders it for the reader.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %d = "nv_tileas.gep"(%s, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  "nv_tileas.cp_async"(%d, %p, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_wait_all"() : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %t1 = "nv_tileas.addi"(%tid, %one) : (i32, i32) -> i32
  %mask = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %nb = "nv_tileas.andi"(%t1, %mask) : (i32, i32) -> i32
  %q = "nv_tileas.gep"(%s, %nb) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %v = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %o = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%o, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cp_async_handoff", num_threads = 128 : i32} : () -> ()

// In a loop: each iteration copies a new row into the slots, and a barrier at the top of the
// body orders the neighbour's read of the previous iteration before this iteration's copy (the
// write-after-read reuse of the slot).
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
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %row = "nv_tileas.gep"(%g, %i) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %p = "nv_tileas.gep"(%row, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.cp_async"(%d, %p, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.cp_async_wait_all"() : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %v = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %v) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %o = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%o, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cp_async_ring", num_threads = 128 : i32} : () -> ()
