// RUN: not tilec %s --emit nvvm-mlir 2>&1 | FileCheck %s
// What `--emit nvvm-mlir` does not write yet is a located error naming it (docs/mlir-bridge.md):
// here a module-level global.
// CHECK: refused.mlir:7:3: error: --emit nvvm-mlir does not write 'ptx.global' yet

cuda_tile.module @globals {
  global @table <i32: [10, 20, 30, 40]> : tile<4xi32>
  entry @k(%out: tile<ptr<i32>>) {
    %p = get_global @table : tile<ptr<i32>>
    %v, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
    %t2 = store_ptr_tko weak %out, %v : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
