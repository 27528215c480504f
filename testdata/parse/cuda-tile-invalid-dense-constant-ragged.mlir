// RUN: tile-opt %s --verify-diagnostics
// The lists of one level of an element-wise constant have one length.

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{the lists of one level must have one length}}
    %v = constant <i32: [[1, 2], [3]]> : tile<2x2xi32>
    return
  }
}
