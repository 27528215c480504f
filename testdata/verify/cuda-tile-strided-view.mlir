// RUN: tile-opt %s --verify-diagnostics
// make_strided_view (dialects/src/cuda_tile/tensor_views.rs): a strided_view over the operand's
// tensor_view, with a power-of-two tile of the tensor's rank and one positive traversal stride
// per tile dimension; make_partition_view does not make one.

cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>) {
    %tv = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %ok = make_strided_view %tv : strided_view<tile=(4x8), traversal_strides=[1,12], tensor_view<64x64xf32, strides=[64,1]>>
    // expected-error@+1 {{'make_strided_view' traversal_strides must be 2 positive values, one per tile dimension}}
    %few = make_strided_view %tv : strided_view<tile=(4x8), traversal_strides=[1], tensor_view<64x64xf32, strides=[64,1]>>
    // expected-error@+1 {{'make_strided_view' traversal_strides must be 2 positive values, one per tile dimension}}
    %zero = make_strided_view %tv : strided_view<tile=(4x8), traversal_strides=[0,8], tensor_view<64x64xf32, strides=[64,1]>>
    // expected-error@+1 {{'make_strided_view' tile dimensions must be powers of two}}
    %odd = make_strided_view %tv : strided_view<tile=(3x8), traversal_strides=[3,8], tensor_view<64x64xf32, strides=[64,1]>>
    // expected-error@+1 {{'make_strided_view' result must be a strided_view<tile=(…), traversal_strides=[…], tensor_view<…>>, but it is '!cuda_tile.partition_view<tile=(4x8), !cuda_tile.tensor_view<64x64xf32, strides=[64,1]>>'}}
    %pv = "cuda_tile.make_strided_view"(%tv) : (!cuda_tile.tensor_view<64x64xf32, strides=[64,1]>) -> !cuda_tile.partition_view<tile=(4x8), tensor_view<64x64xf32, strides=[64,1]>>
    // expected-error@+1 {{'make_partition_view' result must be a partition_view<tile=(…), tensor_view<…>>, but it is '!cuda_tile.strided_view<tile=(4x8), traversal_strides=[1,12], !cuda_tile.tensor_view<64x64xf32, strides=[64,1]>>'}}
    %sv = "cuda_tile.make_partition_view"(%tv) : (!cuda_tile.tensor_view<64x64xf32, strides=[64,1]>) -> !cuda_tile.strided_view<tile=(4x8), traversal_strides=[1,12], tensor_view<64x64xf32, strides=[64,1]>>
    return
  }
}
