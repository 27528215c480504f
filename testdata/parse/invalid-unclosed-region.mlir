// RUN: tile-opt %s --verify-diagnostics
// A region opened with `{` is never closed: the file ends inside it.

// expected-note@+1 {{the region opened here}}
"demo.func"() ({
  "demo.op"() : () -> ()
// expected-error@+1 {{unexpected end of file: expected '}' to close a region}}
