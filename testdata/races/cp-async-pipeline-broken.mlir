// cp-async-pipeline.mlir broken, one kernel per defect (each check 1):
// - the wait leaves two groups pending, so row i may still be in flight at the barrier;
// - the barrier comes before the wait;
// - no wait after the loop: the copies of the last iterations may land after the CTA exits;
// - the thread reads its own slot right after issuing the copy into it.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 6144 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %two = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %three = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %mask = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %nb = "nv_tileas.subi"(%mask, %tid) : (i32, i32) -> i32
  %ar = "nv_tileas.gep"(%g, %c0) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %ap = "nv_tileas.gep"(%ar, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %ab = "nv_tileas.gep"(%s, %c0) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %ad = "nv_tileas.gep"(%ab, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{check 1}}
  "nv_tileas.cp_async"(%ad, %ap, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_commit"() : () -> ()
  %br = "nv_tileas.gep"(%g, %one) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %bp = "nv_tileas.gep"(%br, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %bb = "nv_tileas.gep"(%s, %one) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %bd = "nv_tileas.gep"(%bb, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{check 1}}
  "nv_tileas.cp_async"(%bd, %bp, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_commit"() : () -> ()
  %iters = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %sum = "nv_tileas.for"(%c0, %iters, %one, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    "nv_tileas.cp_async_wait"() {pending = 2 : i32} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %i2 = "nv_tileas.addi"(%i, %two) : (i32, i32) -> i32
    %ns = "nv_tileas.remui"(%i2, %three) : (i32, i32) -> i32
    %cr = "nv_tileas.gep"(%g, %i2) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %cp = "nv_tileas.gep"(%cr, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %cb = "nv_tileas.gep"(%s, %ns) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %cd = "nv_tileas.gep"(%cb, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // expected-error@+1 {{check 1}}
    "nv_tileas.cp_async"(%cd, %cp, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.cp_async_commit"() : () -> ()
    %cs = "nv_tileas.remui"(%i, %three) : (i32, i32) -> i32
    %rb = "nv_tileas.gep"(%s, %cs) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %q = "nv_tileas.gep"(%rb, %nb) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %v = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %v) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  "nv_tileas.cp_async_wait_all"() : () -> ()
  %o = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%o, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "two_pending", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 6144 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %two = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %three = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %mask = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %nb = "nv_tileas.subi"(%mask, %tid) : (i32, i32) -> i32
  %ar = "nv_tileas.gep"(%g, %c0) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %ap = "nv_tileas.gep"(%ar, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %ab = "nv_tileas.gep"(%s, %c0) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %ad = "nv_tileas.gep"(%ab, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{check 1}}
  "nv_tileas.cp_async"(%ad, %ap, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_commit"() : () -> ()
  %br = "nv_tileas.gep"(%g, %one) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %bp = "nv_tileas.gep"(%br, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %bb = "nv_tileas.gep"(%s, %one) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %bd = "nv_tileas.gep"(%bb, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{check 1}}
  "nv_tileas.cp_async"(%bd, %bp, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_commit"() : () -> ()
  %iters = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %sum = "nv_tileas.for"(%c0, %iters, %one, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.cp_async_wait"() {pending = 1 : i32} : () -> ()
    %i2 = "nv_tileas.addi"(%i, %two) : (i32, i32) -> i32
    %ns = "nv_tileas.remui"(%i2, %three) : (i32, i32) -> i32
    %cr = "nv_tileas.gep"(%g, %i2) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %cp = "nv_tileas.gep"(%cr, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %cb = "nv_tileas.gep"(%s, %ns) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %cd = "nv_tileas.gep"(%cb, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // expected-error@+1 {{check 1}}
    "nv_tileas.cp_async"(%cd, %cp, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.cp_async_commit"() : () -> ()
    %cs = "nv_tileas.remui"(%i, %three) : (i32, i32) -> i32
    %rb = "nv_tileas.gep"(%s, %cs) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %q = "nv_tileas.gep"(%rb, %nb) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %v = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %v) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  "nv_tileas.cp_async_wait_all"() : () -> ()
  %o = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%o, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "barrier_before_wait", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 6144 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %two = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %three = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %mask = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %nb = "nv_tileas.subi"(%mask, %tid) : (i32, i32) -> i32
  %ar = "nv_tileas.gep"(%g, %c0) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %ap = "nv_tileas.gep"(%ar, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %ab = "nv_tileas.gep"(%s, %c0) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %ad = "nv_tileas.gep"(%ab, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.cp_async"(%ad, %ap, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_commit"() : () -> ()
  %br = "nv_tileas.gep"(%g, %one) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %bp = "nv_tileas.gep"(%br, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %bb = "nv_tileas.gep"(%s, %one) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %bd = "nv_tileas.gep"(%bb, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.cp_async"(%bd, %bp, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_commit"() : () -> ()
  %iters = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %sum = "nv_tileas.for"(%c0, %iters, %one, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    "nv_tileas.cp_async_wait"() {pending = 1 : i32} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %i2 = "nv_tileas.addi"(%i, %two) : (i32, i32) -> i32
    %ns = "nv_tileas.remui"(%i2, %three) : (i32, i32) -> i32
    %cr = "nv_tileas.gep"(%g, %i2) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %cp = "nv_tileas.gep"(%cr, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %cb = "nv_tileas.gep"(%s, %ns) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %cd = "nv_tileas.gep"(%cb, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // expected-error@+1 {{may still be in flight when the CTA exits}}
    "nv_tileas.cp_async"(%cd, %cp, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.cp_async_commit"() : () -> ()
    %cs = "nv_tileas.remui"(%i, %three) : (i32, i32) -> i32
    %rb = "nv_tileas.gep"(%s, %cs) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %q = "nv_tileas.gep"(%rb, %nb) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %v = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %v) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %o = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%o, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "no_drain", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 6144 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %two = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %three = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %mask = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %nb = "nv_tileas.subi"(%mask, %tid) : (i32, i32) -> i32
  %ar = "nv_tileas.gep"(%g, %c0) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %ap = "nv_tileas.gep"(%ar, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %ab = "nv_tileas.gep"(%s, %c0) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %ad = "nv_tileas.gep"(%ab, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.cp_async"(%ad, %ap, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_commit"() : () -> ()
  %br = "nv_tileas.gep"(%g, %one) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %bp = "nv_tileas.gep"(%br, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %bb = "nv_tileas.gep"(%s, %one) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %bd = "nv_tileas.gep"(%bb, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.cp_async"(%bd, %bp, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_commit"() : () -> ()
  %iters = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %sum = "nv_tileas.for"(%c0, %iters, %one, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    "nv_tileas.cp_async_wait"() {pending = 1 : i32} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %i2 = "nv_tileas.addi"(%i, %two) : (i32, i32) -> i32
    %ns = "nv_tileas.remui"(%i2, %three) : (i32, i32) -> i32
    %cr = "nv_tileas.gep"(%g, %i2) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %cp = "nv_tileas.gep"(%cr, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %cb = "nv_tileas.gep"(%s, %ns) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %cd = "nv_tileas.gep"(%cb, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // expected-error@+1 {{'ld' of the same thread touches the bytes of this 'cp_async' while it may still be in flight}}
    "nv_tileas.cp_async"(%cd, %cp, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.cp_async_commit"() : () -> ()
    %w = "nv_tileas.ld"(%cd) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %cs = "nv_tileas.remui"(%i, %three) : (i32, i32) -> i32
    %rb = "nv_tileas.gep"(%s, %cs) {elem_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %q = "nv_tileas.gep"(%rb, %nb) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %v = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %v) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  "nv_tileas.cp_async_wait_all"() : () -> ()
  %o = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%o, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "own_read_in_flight", num_threads = 128 : i32} : () -> ()
