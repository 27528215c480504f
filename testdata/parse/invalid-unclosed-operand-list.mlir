// RUN: tile-opt %s --verify-diagnostics
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// The operand list is not closed before the signature. Today the parser reports
//   1:3: error: expected SSA value; found '"demo.use"(%'
// with the caret on the start of the op (column 3), not on the `:` where `,` or `)` was expected,
// and names the wrong missing token (pest reports only rule attempts, not literals like `)`).

"demo.func"() ({
^bb0(%a: i32):
  // expected-error@+1 {{expected ')', ',' or SSA value; found ':'}}
  "demo.use"(%a : (i32) -> ()
}) : () -> ()
