// Accesses in the two arms of one `if` never both run when every thread of the pair decides the
// condition alike (found by the program generator, docs/fuzzing.md, find 7). Kernel
// `uniform_arms`: the condition is a kernel parameter, so the CTA takes one arm, and the store of
// one arm and the load of the other (other threads' elements) need no barrier. Kernel
// `per_thread_arms`: the condition depends on the thread id; threads take both arms, and the
// read of element 127 − tid races with the store of element tid. Kernel `arms_in_loop`: a uniform
// condition inside a loop with no barrier: the checker copies its iterations (unroll.rs), and
// the store of iteration i and the load of iteration i+1 (which the CTA may both run, were the
// condition a loop-carried value) are reported. Kernel `arms_in_modeled_loop`: the same with a
// barrier closing each iteration; the two arms of one iteration's copy never both run (a copy
// runs at most once: the `for` that holds the copies is no loop around them; until the generator
// found it, the pair of one iteration was reported). Kernel `arms_in_while_in_modeled_loop`: the
// `if` in a `while` inside the modeled `for`, on the `while`'s counter (even iterations store,
// odd ones load): the `while` is a loop around the `if`, and the pair is reported.
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
      "nv_tileas.st"(%1, %5) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      %6 = "nv_tileas.ld"(%4) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> f32
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "arms_in_modeled_loop", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%n: i32):
  %arg0 = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %0 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %1 = "nv_tileas.gep"(%arg0, %0) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %2 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %3 = "nv_tileas.subi"(%2, %0) : (i32, i32) -> i32
  %4 = "nv_tileas.gep"(%arg0, %3) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %5 = "nv_tileas.constant"() {value = 1.0 : f32} : () -> f32
  %lb = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %st = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  "nv_tileas.for"(%lb, %n, %st) ({
  ^bb0(%i: i32):
    %r = "nv_tileas.while"(%lb) ({
    ^bb0(%j: i32):
      %odd = "nv_tileas.andi"(%j, %st) : (i32, i32) -> i32
      %even = "nv_tileas.cmpi"(%odd, %lb) {predicate = "eq"} : (i32, i32) -> i1
      "nv_tileas.if"(%even) ({
        // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (in the same iteration of the loop)}}
        "nv_tileas.st"(%1, %5) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
        "nv_tileas.yield"() : () -> ()
      }, {
        %6 = "nv_tileas.ld"(%4) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> f32
        "nv_tileas.yield"() : () -> ()
      }) : (i1) -> ()
      %k = "nv_tileas.addi"(%j, %st) : (i32, i32) -> i32
      %more = "nv_tileas.cmpi"(%k, %c4) {predicate = "slt"} : (i32, i32) -> i1
      "nv_tileas.yield"(%more, %k) : (i1, i32) -> ()
    }, {
    ^bb0(%j2: i32):
      "nv_tileas.yield"(%j2) : (i32) -> ()
    }) : (i32) -> i32
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "arms_in_while_in_modeled_loop", num_threads = 128 : i32} : () -> ()
