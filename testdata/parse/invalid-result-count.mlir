// RUN: tile-opt %s --verify-diagnostics
// `%p:2` defines two results but the signature lists three result types.

"demo.func"() ({
  // expected-error@+1 {{'demo.pair' defines 2 results but its signature lists 3 result types}}
  %p:2 = "demo.pair"() : () -> (i32, i32, i32)
}) : () -> ()
