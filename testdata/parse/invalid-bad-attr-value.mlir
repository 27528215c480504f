// RUN: tile-opt %s --verify-diagnostics
// An attribute value that is no attribute at all.

// expected-error@+1 {{expected attribute value}}
"demo.op"() {k = ?} : () -> ()
