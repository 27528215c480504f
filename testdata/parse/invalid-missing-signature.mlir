// RUN: tile-opt %s --verify-diagnostics
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// An op without its `: (operand types) -> result types` signature. Today the parser reports
//   error: expected type; found 'i32}'
// with the caret on the (valid) `i32` inside the attribute dictionary instead of after the `}`
// where the `:` is missing. Without attributes (`"demo.a"()` then the next op) it says
// "expected attribute dictionary; found '"demo.b"()'" and never mentions the missing ':'.

"demo.func"() ({
  // expected-error@+2 {{expected ':' or op signature; found '"demo.b"()'}}
  "demo.a"() {k = 1 : i32}
  "demo.b"() : () -> ()
}) : () -> ()
