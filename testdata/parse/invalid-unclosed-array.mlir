// RUN: tile-opt %s --verify-diagnostics
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// An array attribute closed with `}` instead of `]`. Today:
//   error: expected array<…>, attribute value; found '2}'
// with the caret on the valid element `2`, not on the `}` where `,` or `]` was expected.

// expected-error@+1 {{expected ',', ':', ']' or attribute value; found '}'}}
"demo.op"() {k = [1, 2} : () -> ()
