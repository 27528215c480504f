// RUN: tile-opt %s --verify-diagnostics
// Builtin `tensor<...>` is not among the supported types.

"demo.func"() ({
  // expected-error@+1 {{expected type; found 'tensor}}
  %x = "demo.op"() : () -> tensor<4xf32>
}) : () -> ()
