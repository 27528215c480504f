// RUN: tile-opt %s --verify-diagnostics
// The view ops' checks (dialects/src/cuda_tile/tensor_views.rs): make_tensor_view takes one value
// per '?' of its type and a base of the view's element type; a partition view's tile has the
// tensor's rank, power-of-two dimensions and a permutation dim_map; an access takes one index per
// tile dimension and the view's tile type.

cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %b: tile<ptr<i32>>, %n: tile<i32>, %t: tile<16xf32>) {
    // expected-error@+1 {{'make_tensor_view' takes the base and one value per '?' of the result type (3 operands), but has 2}}
    %tv0 = "cuda_tile.make_tensor_view"(%a, %n) : (!cuda_tile.tile<!cuda_tile.ptr<f32>>, !cuda_tile.tile<i32>) -> !cuda_tile.tensor_view<?xf32, strides=[?]>
    // expected-error@+1 {{'make_tensor_view' operand #0 must be a tile<ptr<f32>> (the view's element type)}}
    %tv1 = "cuda_tile.make_tensor_view"(%b) : (!cuda_tile.tile<!cuda_tile.ptr<i32>>) -> !cuda_tile.tensor_view<16xf32, strides=[1]>
    // expected-error@+1 {{'make_tensor_view' static sizes and strides must be positive}}
    %tv2 = make_tensor_view %a, shape = [16], strides = [-1] : tensor_view<16xf32, strides=[-1]>
    %tv = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tv2d = make_tensor_view %a, shape = [%n, 16], strides = [16, 1] : tile<i32> -> tensor_view<?x16xf32, strides=[16,1]>
    // expected-error@+1 {{'make_partition_view' tile dimensions must be powers of two}}
    %p0 = make_partition_view %tv : partition_view<tile=(12), tensor_view<?xf32, strides=[1]>>
    // expected-error@+1 {{'make_partition_view' the tile has rank 1 but the tensor_view has rank 2 (at least 1)}}
    %p1 = "cuda_tile.make_partition_view"(%tv2d) : (!cuda_tile.tensor_view<?x16xf32, strides=[16,1]>) -> !cuda_tile.partition_view<tile=(16), !cuda_tile.tensor_view<?x16xf32, strides=[16,1]>>
    // expected-error@+1 {{'make_partition_view' dim_map must be a permutation of the tile's dimensions}}
    %p2 = make_partition_view %tv2d : partition_view<tile=(4x4), tensor_view<?x16xf32, strides=[16,1]>, dim_map=[0,0]>
    // expected-error@+1 {{'make_partition_view' operand #0 is '!cuda_tile.tensor_view<?x16xf32, strides=[16,1]>', but the partition_view is of '!cuda_tile.tensor_view<?xf32, strides=[1]>'}}
    %p3 = "cuda_tile.make_partition_view"(%tv2d) : (!cuda_tile.tensor_view<?x16xf32, strides=[16,1]>) -> !cuda_tile.partition_view<tile=(16), !cuda_tile.tensor_view<?xf32, strides=[1]>>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    // expected-error@+1 {{'load_view_tko' takes 1 indices (one per tile dimension), but has 2}}
    %v0, %k0 = load_view_tko weak %pv[%n, %n] : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    // expected-error@+1 {{'load_view_tko' the loaded tile must be a tile<16xf32> (the view's tile), but it is '!cuda_tile.tile<8xf32>'}}
    %v1, %k1 = load_view_tko weak %pv[%n] : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    // expected-error@+1 {{'store_view_tko' index #0 must be an integer 0-d tile}}
    %k2 = store_view_tko weak %t, %pv[%t] : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<16xf32> -> token
    // expected-error@+1 {{'store_view_tko' does not accept semantic 'acquire'; expected one of: weak, relaxed, release, sc}}
    %k3 = store_view_tko acquire device %t, %pv[%n] : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
