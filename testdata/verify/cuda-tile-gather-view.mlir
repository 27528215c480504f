// RUN: tile-opt %s --verify-diagnostics
// make_gather_scatter_view and its accesses (dialects/src/cuda_tile/tensor_views.rs): a
// gather_scatter_view over the operand's tensor_view whose sparse_dim is a tile dimension; its
// access takes a 1-d integer tile of one index per tile row for the sparse dimension and 0-d
// offsets for the others; NVIDIA allows no atomic reduction into it.

cuda_tile.module @m {
  entry @k(%a: tile<ptr<i32>>) {
    %tv = make_tensor_view %a, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xi32, strides=[16,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x16), tensor_view<64x16xi32, strides=[16,1]>, sparse_dim=0>
    // expected-error@+1 {{'make_gather_scatter_view' sparse_dim must be a dimension of the tile}}
    %bad = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x16), tensor_view<64x16xi32, strides=[16,1]>, sparse_dim=2>
    %rows = iota : tile<8xi32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t = load_view_tko weak %gv[%rows, %c0] : gather_scatter_view<tile=(8x16), tensor_view<64x16xi32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xi32>, token
    // expected-error@+1 {{'load_view_tko' index #0 (the sparse dimension) must be a tile<8xiN>}}
    %w, %t2 = load_view_tko weak %gv[%c0, %c0] : gather_scatter_view<tile=(8x16), tensor_view<64x16xi32, strides=[16,1]>, sparse_dim=0>, tile<i32> -> tile<8x16xi32>, token
    // expected-error@+1 {{'atomic_red_view_tko' gather_scatter_view is not supported; use partition_view instead}}
    %t3 = atomic_red_view_tko relaxed device %gv[%rows, %c0], add, %v : tile<8x16xi32>, gather_scatter_view<tile=(8x16), tensor_view<64x16xi32, strides=[16,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
    return
  }
}
