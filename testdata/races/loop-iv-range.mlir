// docs/fuzzing.md, find 4: the induction variable of a `for` with constant bounds takes the values
// lb, lb + step, …, up to the last below ub, when the loop runs and `last + step` does not wrap at
// its width; a store and a load at `bid·65536 + i·128 + tid` (words) in a `for` of five iterations
// stay in their CTA's window of 65536 words, so they meet no other CTA's accesses (the CTA's own
// are ordered by its barriers). The inner `for` is nested
// in a modeled one (the outer loop's copies keep it a loop, its variable unknown to the copies),
// the shape the program generator writes (a counted loop in a loop). loop-iv-range-broken.mlir:
// bounds that leave the window, a bound from a parameter, and an increment that wraps.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// Five iterations, rows 0 … 4.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %window = "nv_tileas.constant"() {value = 65536 : i32} : () -> i32
  %lb = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %ub = "nv_tileas.constant"() {value = 5 : i32} : () -> i32
  %step = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %window) : (i32, i32) -> i32
  "nv_tileas.for"(%c0, %n, %c1) ({
  ^bb0(%j: i32):
    "nv_tileas.for"(%lb, %ub, %step) ({
    ^bb0(%i: i32):
      %row = "nv_tileas.muli"(%i, %c128) : (i32, i32) -> i32
      %s = "nv_tileas.addi"(%base, %row) : (i32, i32) -> i32
      %e = "nv_tileas.addi"(%s, %tid) : (i32, i32) -> i32
      %p = "nv_tileas.gep"(%g, %e) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %v = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "five_rows_in_window", num_threads = 128 : i32} : () -> ()

// Rows 3, 10, …, 497 (step 7): the last row ends at word 497·128 + 127 < 65536.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %window = "nv_tileas.constant"() {value = 65536 : i32} : () -> i32
  %lb = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %ub = "nv_tileas.constant"() {value = 500 : i32} : () -> i32
  %step = "nv_tileas.constant"() {value = 7 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %window) : (i32, i32) -> i32
  "nv_tileas.for"(%c0, %n, %c1) ({
  ^bb0(%j: i32):
    "nv_tileas.for"(%lb, %ub, %step) ({
    ^bb0(%i: i32):
      %row = "nv_tileas.muli"(%i, %c128) : (i32, i32) -> i32
      %s = "nv_tileas.addi"(%base, %row) : (i32, i32) -> i32
      %e = "nv_tileas.addi"(%s, %tid) : (i32, i32) -> i32
      %p = "nv_tileas.gep"(%g, %e) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %v = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "strided_rows_in_window", num_threads = 128 : i32} : () -> ()
