// An arm of an `if` whose condition is a constant that selects the other arm never runs: its
// accesses are none. In a loop the checker does not copy (a `while`, a `for` nested in a modeled
// `for`) the two arms of one `if` are otherwise not exclusive (iterations may take different
// arms), so a store in the taken arm and a store of other threads' elements in the dead arm were
// reported as a race (found by the program generator: the generator writes `if` on constant 0-d
// tiles, docs/fuzzing.md). So is the body of a `for` whose constant bounds give it no iteration
// (`lb >= ub`, compared signed at the bounds' width, as the loop does), and an arm of an `if` on
// `x < x`, false whatever `x` holds (a loaded value: the generator compares a `loop`'s result, a
// spin's exit count, with itself), and an arm of an `if` on a value an `if` on a constant yields
// (the lowering's `break` flag out of an arm that always runs: the code after it is dead). dead-code-broken.mlir:
// the taken arm, a loop of one iteration and one of a parameter's are still checked.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// In a `while`.
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
}) {sym_name = "dead_arm_in_while", num_threads = 128 : i32} : () -> ()

// In a `for` nested in a modeled `for` (the inner one is not copied); the condition a
// comparison of constants, the dead arm the first.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c3 = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %never = "nv_tileas.cmpi"(%c3, %c1) {predicate = "slt"} : (i32, i32) -> i1
  "nv_tileas.for"(%c0, %iters, %c1) ({
  ^bb0(%i: i32):
    "nv_tileas.for"(%c0, %c3, %c1) ({
    ^bb0(%j: i32):
      "nv_tileas.if"(%never) ({
        "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }, {
        "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : (i1) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "dead_arm_in_nested_for", num_threads = 128 : i32} : () -> ()

// A `for` from 0 to 0 after a store of the elements its body would overwrite.

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %ub = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.for"(%c0, %ub, %c1) ({
  ^bb0(%i: i32):
    "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "zero_trip_for", num_threads = 128 : i32} : () -> ()

// From 0 to 4294967295 in i32: the bound is -1, the loop never runs.

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %ub = "nv_tileas.constant"() {value = 4294967295 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.for"(%c0, %ub, %c1) ({
  ^bb0(%i: i32):
    "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "zero_trip_for_wrapped_bound", num_threads = 128 : i32} : () -> ()

// The condition compares a loaded value with itself.
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
  %never = "nv_tileas.cmpi"(%x, %x) {predicate = "slt"} : (i32, i32) -> i1
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.if"(%never) ({
    "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "compare_with_itself", num_threads = 128 : i32} : () -> ()

// The flag an `if` on a constant yields: the code the flag guards never runs.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %cond = "nv_tileas.constant"() {value = 1 : i1} : () -> i1
  %flag = "nv_tileas.if"(%cond) ({
    %two = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
    "nv_tileas.yield"(%two) : (i32) -> ()
  }, {
    %zero = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    "nv_tileas.yield"(%zero) : (i32) -> ()
  }) : (i1) -> i32
  %go_on = "nv_tileas.cmpi"(%flag, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.if"(%go_on) ({
    "nv_tileas.st"(%q, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "flag_of_constant_if", num_threads = 128 : i32} : () -> ()
