// RUN: not tilec %s --emit nvvm-mlir 2>&1 | FileCheck %s
// What `--emit nvvm-mlir` does not write yet is a located error naming it (docs/mlir-bridge.md):
// a tensor-map parameter (a 128-byte `.param` whose address the TMA copy takes).
// CHECK: refused.mlir:6:1: error: --emit nvvm-mlir does not write a parameter of this type (a tensor map) yet

"nv_tileas.kernel"() ({
^bb0(%map: !nv_tileas.tensormap, %out: !nv_tileas.ptr<global>):
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 128 : i32} : () -> ()
