// RUN: tile-opt %s --verify-diagnostics
// `i0` is not an integer type: widths go from 1 to 128.

"demo.func"() ({
  // expected-error@+1 {{integer type 'i0' must have a width between 1 and 128}}
  %x = "demo.op"() : () -> i0
}) : () -> ()
