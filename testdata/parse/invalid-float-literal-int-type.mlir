// RUN: tile-opt %s --verify-diagnostics
// A float literal given an integer type.

// expected-error@+1 {{float literal '1.5' has non-float type 'i32'}}
"demo.op"() {k = 1.5 : i32} : () -> ()
