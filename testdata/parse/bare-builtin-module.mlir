// RUN: tile-opt %s | tile-opt - | FileCheck %s
// MLIR's custom form of the builtin module, `module { … }` (NVIDIA's dialect tests wrap their
// cuda_tile modules in it), is read as the file's top level.

// CHECK: cuda_tile.module @cuda_module
// CHECK: entry @k(
module {
  cuda_tile.module @cuda_module {
    entry @k(%arg0: tile<i1>) {
      return
    }
  }
}
