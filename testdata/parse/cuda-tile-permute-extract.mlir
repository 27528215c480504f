// RUN: tile-opt %s | tile-opt - | FileCheck %s
// NVIDIA's permute and extract syntax (dialects/src/cuda_tile/syntax/layout.rs): the
// permutation as a bracketed list, the slice indices (0-d i32 tiles, their type not written)
// in brackets after the source.

cuda_tile.module @m {
  entry @k(%x: tile<2x4x8xf16>, %t: tile<32x8xf32>) {
    // CHECK: permute %{{.*}} [2, 0, 1] : tile<2x4x8xf16> -> tile<8x2x4xf16>
    %0 = permute %x [2, 0, 1] : tile<2x4x8xf16> -> tile<8x2x4xf16>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    // CHECK: extract %{{.*}}[%{{.*}}, %{{.*}}] : tile<32x8xf32> -> tile<4x2xf32>
    %1 = extract %t[%c1, %c2] : tile<32x8xf32> -> tile<4x2xf32>
    return
  }
}
