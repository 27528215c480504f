// RUN: tile-opt %s | tile-opt - | FileCheck %s
// MLIR's properties (`<{…}>` after the operands): mlir-opt prints the inherent attributes of a
// registered op there, `builtin.module`'s `sym_name` among them, so tilec reads what MLIR prints
// (compiler/mlir's round trip). tilec keeps them as attributes, first, then the op's dictionary.
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "builtin.module"() ({
// CHECK-NEXT:     "demo.inside"() {k = 2 : i32, w = 1 : i32} : () -> ()
// CHECK-NEXT:   }) {sym_name = "inner", demo.x = 1 : i32} : () -> ()
// CHECK-NEXT: }) {sym_name = "outer"} : () -> ()

"builtin.module"() <{sym_name = "outer"}> ({
  "builtin.module"() <{sym_name = "inner"}> ({
    "demo.inside"() <{k = 2 : i32}> {w = 1 : i32} : () -> ()
  }) {demo.x = 1 : i32} : () -> ()
}) : () -> ()
