// RUN: tile-opt %s --verify-diagnostics
// A key given both as a property and as an attribute: tilec keeps one dictionary, so that is an
// error (MLIR keeps the two apart).

"builtin.module"() ({
  // expected-error@+1 {{'sym_name' is both a property and an attribute}}
  "builtin.module"() <{sym_name = "a"}> ({
  }) {sym_name = "b"} : () -> ()
}) : () -> ()
