// RUN: tile-opt %s --verify-diagnostics
// get_tensor_shape / get_index_space_shape: one integer 0-d tile per dimension of their view (the
// cases of NVIDIA's get_shape_invalid.mlir).

cuda_tile.module @m {
  testing$func @k(%tv: tensor_view<64x64xf16, strides=[1,1]>, %pv: partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[1,1]>>, %x: tile<8x8xptr<i32>>) {
    // expected-error@+1 {{'get_tensor_shape' has 3 results, but the view has rank 2 (one result per dimension)}}
    %a:3 = get_tensor_shape %tv : tensor_view<64x64xf16, strides=[1,1]> -> tile<i32>
    // expected-error@+1 {{'get_tensor_shape' results must be integer 0-d tiles, but one is '!cuda_tile.tile<f32>'}}
    %b:2 = get_tensor_shape %tv : tensor_view<64x64xf16, strides=[1,1]> -> tile<f32>
    // expected-error@+1 {{'get_index_space_shape' has 1 results, but the view has rank 2 (one result per dimension)}}
    %c = get_index_space_shape %pv : partition_view<tile=(4x4), tensor_view<?x?xf32, strides=[1,1]>> -> tile<i32>
    // expected-error@+1 {{'get_tensor_shape' operand #0 must be a tensor_view, but it is '!cuda_tile.tile<8x8x!cuda_tile.ptr<i32>>'}}
    %d = "cuda_tile.get_tensor_shape"(%x) : (!cuda_tile.tile<8x8x!cuda_tile.ptr<i32>>) -> !cuda_tile.tile<i32>
    return
  }
}
