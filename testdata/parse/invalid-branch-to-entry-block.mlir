// RUN: tile-opt %s --verify-diagnostics
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// A branch to the (labelled, argument-less) entry block. MLIR rejects this ("entry block of
// region may not have predecessors"); tilec accepts it, and the printer then omits the entry
// label, so its output `"demo.br"()[^bb0]` refers to a block that no longer exists and does not
// re-parse ("reference to an undefined block '^bb0'").

"demo.func"() ({
^entry:
  "demo.br"()[^next] : () -> ()
^next:
  // expected-error@+1 {{entry block}}
  "demo.br"()[^entry] : () -> ()
}) : () -> ()
