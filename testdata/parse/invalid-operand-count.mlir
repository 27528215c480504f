// RUN: tile-opt %s --verify-diagnostics
// Two operands but the signature lists one operand type.

"demo.func"() ({
^bb0(%a: i32, %b: i32):
  // expected-error@+1 {{'demo.add' has 2 operands but its signature lists 1 operand type}}
  %s = "demo.add"(%a, %b) : (i32) -> i32
}) : () -> ()
