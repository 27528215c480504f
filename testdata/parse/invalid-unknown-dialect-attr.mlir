// RUN: tile-opt %s --verify-diagnostics
// A dialect attribute outside the #mem family.

// expected-error@+1 {{unknown attribute '#foo.bar'}}
"demo.op"() {k = #foo.bar<x>} : () -> ()
