// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's rules for broadcast (dialects/src/layout_ops.rs): the source's element type and
// rank, every source size 1 or the result's.

cuda_tile.module @m {
  entry @k(%a: tile<2x2xf32>, %b: tile<2xf32>, %c: tile<4x4xf32>, %d: tile<1x4xf32>) {
    // expected-error@+1 {{requires the same element type for all operands and results}}
    %0 = broadcast %a : tile<2x2xf32> -> tile<2x2xf64>
    // expected-error@+1 {{failed to verify that all of {source, result} have same rank}}
    %1 = broadcast %b : tile<2xf32> -> tile<2x2xf32>
    // expected-error@+1 {{expects the shape of source tile to be compatible with that of the result tile, but got: 4, 4 and 2, 4}}
    %2 = broadcast %c : tile<4x4xf32> -> tile<2x4xf32>
    %3 = broadcast %d : tile<1x4xf32> -> tile<8x4xf32>
    return
  }
}
