// RUN: tile-opt %s --verify-diagnostics
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// An empty quoted attribute name. tilec accepts and prints it (`{"" = 1 : i64}`); mlir-opt
// rejects both the input and tilec's output with "expected valid attribute name".

// expected-error@+1 {{attribute name}}
"demo.op"() {"" = 1} : () -> ()
