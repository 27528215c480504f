// RUN: tile-opt %s --verify-diagnostics
// Tile dimensions are positive.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{tile dimension '0' must be between 1 and 2^63-1}}
    %x = iota : tile<0xi32>
    return
  }
}
