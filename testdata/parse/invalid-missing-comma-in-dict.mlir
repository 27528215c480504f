// RUN: tile-opt %s --verify-diagnostics
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// Two dictionary entries without a comma between them. Today:
//   error: expected array<…>, attribute value; found '1'
// with the caret on the valid value `1`, not on `b` where `,` or `}` was expected.

// expected-error@+1 {{expected ',', ':', '}' or attribute value; found 'b'}}
"demo.op"() {a = 1 b = 2} : () -> ()
