// dead-code.mlir where both accesses may run: an `if` on the loop counter takes one arm in even
// iterations and the other in odd ones (a race between iterations of the `while`), the arm a
// constant condition takes is checked like code outside any `if` (here against a store after it),
// and a condition is folded at its width: 2147483647 + 1 < 0 holds in i32 (where it would not in
// the 64-bit arithmetic of the affine forms, which took the `then` arm for dead). A `for` of one
// iteration, and one whose bound is a parameter, may run their bodies. Two loaded values compare
// as the memory says; a flag an `if` on a parameter yields may be 0.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// The condition depends on the iteration.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %r = "nv_tileas.while"(%c0) ({
  ^bb0(%i: i32):
    %odd = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
    %even = "nv_tileas.cmpi"(%odd, %c0) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.if"(%even) ({
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is overwritten by 'st' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    %n = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    %more = "nv_tileas.cmpi"(%n, %c4) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %n) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "arm_by_iteration", num_threads = 128 : i32} : () -> ()


// The taken arm, then a store of other threads' elements after the `if`.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %true = "nv_tileas.constant"() {value = 1 : i1} : () -> i1
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %r = "nv_tileas.while"(%c0) ({
  ^bb0(%i: i32):
    "nv_tileas.if"(%true) ({
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is overwritten by 'st' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    %n = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    %more = "nv_tileas.cmpi"(%n, %c4) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %n) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "taken_arm_checked", num_threads = 128 : i32} : () -> ()


// The condition wraps at i32: the `then` arm runs.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %max = "nv_tileas.constant"() {value = 2147483647 : i32} : () -> i32
  %min = "nv_tileas.addi"(%max, %c1) : (i32, i32) -> i32
  %neg = "nv_tileas.cmpi"(%min, %c0) {predicate = "slt"} : (i32, i32) -> i1
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.if"(%neg) ({
    // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
    "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  %v = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "wrapped_condition", num_threads = 128 : i32} : () -> ()

// One iteration.

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %ub = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is overwritten by 'st' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.for"(%c0, %ub, %c1) ({
  ^bb0(%i: i32):
    "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "one_trip_for", num_threads = 128 : i32} : () -> ()

// A parameter's trip count.

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %ub: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is overwritten by 'st' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.for"(%c0, %ub, %c1) ({
  ^bb0(%i: i32):
    "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "param_trip_for", num_threads = 128 : i32} : () -> ()

// Two loaded values: the `if` may run its `then` arm, in some threads.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %h: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %hp = "nv_tileas.gep"(%h, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %hq = "nv_tileas.gep"(%h, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%hp) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %y = "nv_tileas.ld"(%hq) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %never = "nv_tileas.cmpi"(%x, %y) {predicate = "slt"} : (i32, i32) -> i1
  // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is overwritten by 'st' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.if"(%never) ({
    "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "compare_two_loads", num_threads = 128 : i32} : () -> ()

// The flag of an `if` on a parameter.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %cond = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %flag = "nv_tileas.if"(%cond) ({
    %two = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
    "nv_tileas.yield"(%two) : (i32) -> ()
  }, {
    %zero = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    "nv_tileas.yield"(%zero) : (i32) -> ()
  }) : (i1) -> i32
  %go_on = "nv_tileas.cmpi"(%flag, %c0) {predicate = "eq"} : (i32, i32) -> i1
  // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is overwritten by 'st' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.if"(%go_on) ({
    "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "flag_of_parameter_if", num_threads = 128 : i32} : () -> ()
