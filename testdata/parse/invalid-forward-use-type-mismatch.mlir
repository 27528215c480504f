// RUN: tile-opt %s --verify-diagnostics
// A forward reference whose type disagrees with the later definition (reported at the use).

"demo.func"() ({
  // expected-error@+1 {{use of '%late' with type 'i64', but it is defined with type 'i32'}}
  "demo.use"(%late) : (i64) -> ()
  %late = "demo.def"() : () -> i32
}) : () -> ()
