// Bad input never panics: region rules are located errors. Regions where none belong; the
// regions of elect / warp_role / if / for / while end with `yield`, a kernel's with `return`;
// `yield` and `return` sit directly in those ops; `if` and `for` yield what they return, `while`'s
// regions take and yield the types of its carried values and results.
// RUN: tile-opt %s --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%c: i1, %v: i32, %g: !nv_tileas.ptr<global>):
  // Accepted: an if without results may leave its else region empty.
  "nv_tileas.if"(%c) ({
    "nv_tileas.yield"() : () -> ()
  }, {}) : (i1) -> ()
  %r = "nv_tileas.if"(%c) ({
    "nv_tileas.yield"(%v) : (i32) -> ()
  }, {
    "nv_tileas.yield"(%v) : (i32) -> ()
  }) : (i1) -> i32
  %s = "nv_tileas.for"(%v, %v, %v, %v) ({
  ^bb0(%i: i32, %acc: i32):
    "nv_tileas.yield"(%acc) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32

  // Rejected: regions where none belong.
  // expected-error@+1 {{'fence' does not take regions, but 1 were given}}
  "nv_tileas.fence"() ({
    "nv_tileas.yield"() : () -> ()
  }) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
  // expected-error@+1 {{'elect' takes 1 region, but 2 were given}}
  "nv_tileas.elect"() ({
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  // Rejected: missing yield.
  // expected-error@+1 {{'elect' region #0 must end with 'nv_tileas.yield', but it ends with 'nv_tileas.st'}}
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%g, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  }) : () -> ()
  // expected-error@+1 {{'warp_role' region #0 must end with 'nv_tileas.yield', but it is empty}}
  "nv_tileas.warp_role"() ({}) {warps = array<i32: 0, 1>} : () -> ()
  // expected-error@+1 {{'if' region #1 must end with 'nv_tileas.yield', but it is empty}}
  %r2 = "nv_tileas.if"(%c) ({
    "nv_tileas.yield"(%v) : (i32) -> ()
  }, {}) : (i1) -> i32
  // expected-error@+1 {{'while' region #1 must end with 'nv_tileas.yield', but it ends with 'nv_tileas.barrier'}}
  "nv_tileas.while"() ({
    "nv_tileas.yield"(%c) : (i1) -> ()
  }, {
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  }) : () -> ()
  // Rejected: what the regions yield.
  // expected-error@+1 {{'if' region #0 yields (i1), but the op's results are (i32)}}
  %r3 = "nv_tileas.if"(%c) ({
    "nv_tileas.yield"(%c) : (i1) -> ()
  }, {
    "nv_tileas.yield"(%v) : (i32) -> ()
  }) : (i1) -> i32
  // expected-error@+1 {{'if' condition must be i1, but it is 'i32'}}
  "nv_tileas.if"(%v) ({
    "nv_tileas.yield"() : () -> ()
  }, {}) : (i32) -> ()
  // expected-error@+1 {{'for' has 0 results but 1 loop-carried values; they must match}}
  "nv_tileas.for"(%v, %v, %v, %v) ({
  ^bb0(%i: i32, %acc: i32):
    "nv_tileas.yield"(%acc) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> ()
  // expected-error@+1 {{'for' operand #2 (a bound or the step) must be an integer, but it is '!nv_tileas.ptr<global>'}}
  "nv_tileas.for"(%v, %v, %g) ({
  ^bb0(%i: i32):
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, !nv_tileas.ptr<global>) -> ()
  // expected-error@+1 {{'while' condition region must yield an i1 first (continue while true)}}
  "nv_tileas.while"() ({
    "nv_tileas.yield"(%v) : (i32) -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  // A while's types: the condition region takes the carried values and forwards the results
  // after its i1; the body takes the results and yields the carried values (found by the fuzzer:
  // a result of another type was an invalid ptx `mov` after the lowering).
  // expected-error@+1 {{'while' condition region forwards (i32) after its i1, but the op's results are (i30)}}
  %w0 = "nv_tileas.while"(%v) ({
  ^bb0(%i: i32):
    "nv_tileas.yield"(%c, %i) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i30):
    "nv_tileas.yield"(%v) : (i32) -> ()
  }) : (i32) -> i30
  // expected-error@+1 {{'while' condition region takes (i64), but the loop-carried values are (i32)}}
  %w1 = "nv_tileas.while"(%v) ({
  ^bb0(%i: i64):
    "nv_tileas.yield"(%c, %v) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  // expected-error@+1 {{'while' body region takes (i1), but the op's results are (i32)}}
  %w2 = "nv_tileas.while"(%v) ({
  ^bb0(%i: i32):
    "nv_tileas.yield"(%c, %i) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i1):
    "nv_tileas.yield"(%v) : (i32) -> ()
  }) : (i32) -> i32
  // expected-error@+1 {{'while' body region yields (i1), but the loop-carried values are (i32)}}
  %w3 = "nv_tileas.while"(%v) ({
  ^bb0(%i: i32):
    "nv_tileas.yield"(%c, %i) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%c) : (i1) -> ()
  }) : (i32) -> i32
  // Rejected: yield and return out of place.
  // expected-error@+1 {{'elect' region #0 must end with 'nv_tileas.yield', but it ends with 'nv_tileas.return'}}
  "nv_tileas.elect"() ({
    // expected-error@+1 {{'return' must be directly inside 'nv_tileas.kernel'; it is in 'nv_tileas.elect'}}
    "nv_tileas.return"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "regions"} : () -> ()

// expected-error@+1 {{'kernel' region #0 must end with 'nv_tileas.return', but it ends with 'nv_tileas.barrier'}}
"nv_tileas.kernel"() ({
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
}) {sym_name = "no_return"} : () -> ()

"nv_tileas.kernel"() ({
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // expected-error@+2 {{'nv_tileas.yield' must be the last op of its block}}
  // expected-error@+1 {{'yield' must be directly inside 'nv_tileas.elect' or 'nv_tileas.warp_role' or 'nv_tileas.if' or 'nv_tileas.for' or 'nv_tileas.while'; it is in 'nv_tileas.kernel'}}
  "nv_tileas.yield"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "stray_yield"} : () -> ()

// A `for` binds the induction variable and each loop-carried value to its body block's arguments
// (the lowerings index them): a body block without them, or with the wrong types, is an error.
"nv_tileas.kernel"() ({
^bb0(%v: i32, %w: i64):
  // expected-error@+1 {{'for' binds 1 value(s) to its body block (the induction variable and one per loop-carried value), but the block has 0 argument(s)}}
  "nv_tileas.for"(%v, %v, %v) ({
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  // expected-error@+2 {{'for' binds a value of type 'i64' to its body block's argument #1, which has type 'i32'}}
  // expected-error@+1 {{'for' region #0 yields (i32), but the op's results are (i64)}}
  %s = "nv_tileas.for"(%v, %v, %v, %w) ({
  ^bb0(%i: i32, %acc: i32):
    "nv_tileas.yield"(%acc) : (i32) -> ()
  }) : (i32, i32, i32, i64) -> i64
  "nv_tileas.return"() : () -> ()
}) {sym_name = "for_body_arguments"} : () -> ()

// expected-error@+1 {{'return' must be directly inside 'nv_tileas.kernel'; it is in the top level}}
"nv_tileas.return"() : () -> ()
