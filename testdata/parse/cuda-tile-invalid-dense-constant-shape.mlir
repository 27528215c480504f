// RUN: tile-opt %s --verify-diagnostics
// An element-wise constant's lists must spell the tile's shape.

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{the element lists have shape 3, but the tile's shape is 4}}
    %v = constant <i32: [1, 2, 3]> : tile<4xi32>
    return
  }
}
