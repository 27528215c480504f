// RUN: tile-opt %s | tile-opt - | FileCheck %s
// NVIDIA's element-wise constants: nested lists, one level per dimension, row-major; they
// print back as written (dialects/src/cuda_tile/syntax/constant.rs).

cuda_tile.module @m {
  entry @k() {
    %v = constant <i32: [1, 2, 3, 4]> : tile<4xi32>
    %t = constant <i64: [[1, 2], [3, 4]]> : tile<2x2xi64>
    %b = constant <i1: [[true, false], [true, true]]> : tile<2x2xi1>
    %f = constant <f16: [[1.000000e+00, 2.000000e+00], [4.000000e+00, 5.000000e+00]]> : tile<2x2xf16>
    %s = constant <f32: [0.5, -1.5]> : tile<2xf32>
    return
  }
}

// CHECK: constant <i32: [1, 2, 3, 4]> : tile<4xi32>
// CHECK: constant <i64: {{\[\[}}1, 2], [3, 4]]> : tile<2x2xi64>
// CHECK: constant <i1: {{\[\[}}true, false], [true, true]]> : tile<2x2xi1>
// CHECK: constant <f16: {{\[\[}}1.000000e+00, 2.000000e+00], [4.000000e+00, 5.000000e+00]]> : tile<2x2xf16>
// CHECK: constant <f32: [5.000000e-01, -1.500000e+00]> : tile<2xf32>
