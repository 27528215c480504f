// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's atomic_red_view_tko spells integer addition `add` and float addition `addf` (one rmw
// kind in tilec's IR): the custom syntax checks the spelling against the value type.

cuda_tile.module @m {
  entry @spelling(%f: tile<ptr<f32>>) {
    %ftv = make_tensor_view %f, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xf32, strides=[4,1]>
    %fpv = make_partition_view %ftv : partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[4,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x = constant <f32: 1.0> : tile<2x2xf32>
    // expected-error@+1 {{'add' works only with integers i32 and i64}}
    %t = atomic_red_view_tko relaxed device %fpv[%c0, %c0], add, %x : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[4,1]>>, tile<i32> -> token
    return
  }
}
