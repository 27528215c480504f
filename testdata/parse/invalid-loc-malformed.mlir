// RUN: tile-opt %s --verify-diagnostics
// A location after an op: "file":line:col needs both numbers.

// expected-error@+1 {{expected a column number; found ')'}}
"demo.op"() : () -> () loc("a.py":1:)
