// RUN: not tilec %s --emit nvvm-mlir 2>&1 | FileCheck %s
// What `--emit nvvm-mlir` does not write yet is a located error naming it (docs/mlir-bridge.md):
// here a printf.
// CHECK: refused.mlir:9:5: error: --emit nvvm-mlir does not write 'ptx.printf' (printf and assert) yet

cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 42> : tile<i32>
    %t0 = print_tko "c=%d\n", %c : tile<i32> -> token
    return
  }
}
