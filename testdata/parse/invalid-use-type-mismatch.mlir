// RUN: tile-opt %s --verify-diagnostics
// A value used with a type other than the one it was defined with.

"demo.func"() ({
  %x = "demo.def"() : () -> i32
  // expected-error@+1 {{use of '%x' with type 'f32', but it was defined with type 'i32'}}
  "demo.use"(%x) : (f32) -> ()
}) : () -> ()
