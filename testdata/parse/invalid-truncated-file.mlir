// RUN: tile-opt %s --verify-diagnostics
// The file ends in the middle of an op (inside its attribute dictionary).

// expected-error@+2 {{expected attribute name; found end of file}}
"demo.func"() ({
  "demo.op"() {k = 1 : i32,