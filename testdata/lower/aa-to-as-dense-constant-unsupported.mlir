// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as --verify-diagnostics
// An element-wise constant that is neither a splat nor a·i + b of the element index is not
// lowered yet: a located error.

cuda_tile.module @m {
  entry @table(%p: tile<4xptr<i32>>) {
    // expected-error@+1 {{cannot compile 'cuda_tile.constant' yet: a constant whose elements differ (other than a·i + b of the element index) is not lowered yet}}
    %c = constant <i32: [3, 1, 4, 1]> : tile<4xi32>
    %t = store_ptr_tko weak %p, %c : tile<4xptr<i32>>, tile<4xi32> -> token
    return
  }
}
