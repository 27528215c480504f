// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's atomic_red_view_tko (dialects/src/cuda_tile/tensor_views.rs, `check_red_view`, after
// NVIDIA's verifier): relaxed only, scope tl_blk or device, no exchange, a value tile of the
// view's tile shape and element type, one 0-d index per tile dimension, no padding value. (`add`
// on integers and `addf` on floats is the custom syntax's check:
// testdata/parse/cuda-tile-invalid-red-view-add.mlir.)

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xi32, strides=[4,1]>
    %pv = make_partition_view %tv : partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>
    %pad = make_partition_view %tv : partition_view<tile=(2x2), padding_value = zero, tensor_view<4x4xi32, strides=[4,1]>>
    %ftv = make_tensor_view %f, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xf32, strides=[4,1]>
    %fpv = make_partition_view %ftv : partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[4,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %i1 = constant <i32: 0> : tile<1xi32>
    %v = constant <i32: 1> : tile<2x2xi32>
    %w = constant <i32: 1> : tile<4x4xi32>
    %x = constant <f32: 1.0> : tile<2x2xf32>
    // Accepted: a relaxed integer add at device scope.
    %t0 = atomic_red_view_tko relaxed device %pv[%c0, %c0], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>, tile<i32> -> token
    // expected-error@+1 {{'atomic_red_view_tko' only 'relaxed' memory ordering is supported for view-based atomic reductions}}
    %t1 = atomic_red_view_tko acq_rel device %pv[%c0, %c0], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>, tile<i32> -> token
    // expected-error@+1 {{'atomic_red_view_tko' scope 'sys' is not supported for view-based atomic reductions; use 'tl_blk' or 'device' for TMA compatibility}}
    %t2 = atomic_red_view_tko relaxed sys %pv[%c0, %c0], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>, tile<i32> -> token
    // expected-error@+1 {{'atomic_red_view_tko' atomic_red_view_tko op cannot use xchg operation}}
    %t3 = atomic_red_view_tko relaxed device %pv[%c0, %c0], xchg, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>, tile<i32> -> token
    // expected-error@+1 {{'atomic_red_view_tko' view element type ('i32') must match value element type ('f32')}}
    %t4 = atomic_red_view_tko relaxed device %pv[%c0, %c0], addf, %x : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>, tile<i32> -> token
    // expected-error@+1 {{'atomic_red_view_tko' view tile shape 2, 2 must match value shape 4, 4 for element-wise atomic operations}}
    %t5 = atomic_red_view_tko relaxed device %pv[%c0, %c0], add, %w : tile<4x4xi32>, partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>, tile<i32> -> token
    // expected-error@+1 {{'atomic_red_view_tko' expected 2 index operand(s) for view with tile rank 2, got 1}}
    %t6 = atomic_red_view_tko relaxed device %pv[%c0], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>, tile<i32> -> token
    // expected-error@+1 {{'atomic_red_view_tko' index operand 0 must be a scalar tile (rank 0), got shape 1}}
    %t7 = atomic_red_view_tko relaxed device %pv[%i1, %c0], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<4x4xi32, strides=[4,1]>>, tile<1xi32>, tile<i32> -> token
    // expected-error@+1 {{'atomic_red_view_tko' views with padding_value are not supported for atomic reductions}}
    %t8 = atomic_red_view_tko relaxed device %pad[%c0, %c0], add, %v : tile<2x2xi32>, partition_view<tile=(2x2), padding_value = zero, tensor_view<4x4xi32, strides=[4,1]>>, tile<i32> -> token
    return
  }
}
