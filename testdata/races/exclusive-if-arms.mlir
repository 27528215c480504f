// Accesses in the two arms of one `if` never both run when every thread of the pair decides the
// condition alike (found by the program generator, docs/fuzzing.md, find 7). Kernel
// `uniform_arms`: the condition is a kernel parameter, so the CTA takes one arm, and the store of
// one arm and the load of the other (other threads' elements) need no barrier. Kernel
// `per_thread_arms`: the condition depends on the thread id; threads take both arms, and the
// read of element 127 − tid races with the store of element tid. Kernel `arms_in_loop`: a uniform
// condition inside a loop the checker does not unroll (a trip count from a parameter): iteration
// 0 may take one arm and iteration 1 the other, so the pair is checked, and reported.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%arg1: i1):
  %arg0 = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %0 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %1 = "nv_tileas.gep"(%arg0, %0) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %2 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %3 = "nv_tileas.subi"(%2, %0) : (i32, i32) -> i32
  %4 = "nv_tileas.gep"(%arg0, %3) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %5 = "nv_tileas.constant"() {value = 1.0 : f32} : () -> f32
  "nv_tileas.if"(%arg1) ({
    "nv_tileas.st"(%1, %5) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    %6 = "nv_tileas.ld"(%4) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> f32
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "uniform_arms", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0:
  %arg0 = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %0 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %1 = "nv_tileas.gep"(%arg0, %0) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %2 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %3 = "nv_tileas.subi"(%2, %0) : (i32, i32) -> i32
  %4 = "nv_tileas.gep"(%arg0, %3) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %5 = "nv_tileas.constant"() {value = 1.0 : f32} : () -> f32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %odd = "nv_tileas.andi"(%0, %c1) : (i32, i32) -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %p = "nv_tileas.cmpi"(%odd, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%p) ({
    // expected-error@+1 {{check 1 (unsynchronized handoff)}}
    "nv_tileas.st"(%1, %5) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    %6 = "nv_tileas.ld"(%4) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> f32
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "per_thread_arms", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%arg1: i1, %n: i32):
  %arg0 = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %0 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %1 = "nv_tileas.gep"(%arg0, %0) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %2 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %3 = "nv_tileas.subi"(%2, %0) : (i32, i32) -> i32
  %4 = "nv_tileas.gep"(%arg0, %3) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %5 = "nv_tileas.constant"() {value = 1.0 : f32} : () -> f32
  %lb = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %st = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.for"(%lb, %n, %st) ({
  ^bb0(%i: i32):
    "nv_tileas.if"(%arg1) ({
      // expected-error@+1 {{check 1 (unsynchronized handoff)}}
      "nv_tileas.st"(%1, %5) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of another thread of the CTA}}
      %6 = "nv_tileas.ld"(%4) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> f32
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "arms_in_loop", num_threads = 128 : i32} : () -> ()
