// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's rules for permute and extract (dialects/src/layout_ops.rs): a permutation of the
// source's dimensions (rank 2 or more) and the result it gives; one 0-d i32 index per dimension and a result
// whose sizes divide the source's.

cuda_tile.module @m {
  entry @rank1(%v: tile<2xf32>) {
    // expected-error@+1 {{expects at least rank 2, but got: 1}}
    %0 = permute %v [0] : tile<2xf32> -> tile<2xf32>
    return
  }
  entry @k(%x: tile<2x4x8xf16>, %t: tile<32x8xf32>, %i: tile<i32>, %l: tile<i64>) {
    // expected-error@+1 {{'permutation' must be a permutation of 0..3, but it is [2, 0, 0]}}
    %0 = permute %x [2, 0, 0] : tile<2x4x8xf16> -> tile<8x2x2xf16>
    // expected-error@+1 {{result must be the source '!cuda_tile.tile<2x4x8xf16>' permuted by [2, 0, 1]}}
    %1 = permute %x [2, 0, 1] : tile<2x4x8xf16> -> tile<8x4x2xf16>
    // expected-error@+1 {{takes one index per source dimension (2), but has 1}}
    %2 = extract %t[%i] : tile<32x8xf32> -> tile<4x2xf32>
    // expected-error@+1 {{each size dividing the source's}}
    %3 = extract %t[%i, %i] : tile<32x8xf32> -> tile<3x2xf32>
    // expected-error@+1 {{an index must be a 0-d i32 tile, not '!cuda_tile.tile<i64>'}}
    %4 = "cuda_tile.extract"(%t, %i, %l) : (!cuda_tile.tile<32x8xf32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i64>) -> !cuda_tile.tile<4x2xf32>
    return
  }
}
