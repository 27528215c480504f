// RUN: tilec %s | FileCheck %s
// A fused copy whose chunks do not cover every thread (passes/src/lower/aa_to_as/copy.rs): A
// (64x16 halves, 128 chunks) is one cp.async per thread; B (16x8 halves) is 16 chunks, so threads
// 16.. have none: those chunks are loaded (ld.global.b128, in an `if` on the chunk existing) and
// stored (st.shared.b128, likewise), after a cp.async.wait_all that completes A's copies first
// (a cp_async's wait must come before any op with regions).
cuda_tile.module @m {
  entry @k(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %d: tile<ptr<f16>>) {
    %t = make_token : token
    %n = constant <i32: 64> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %va = make_tensor_view %a, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]>
    %vb = make_tensor_view %b, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]>
    %vc = make_tensor_view %c, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %vd = make_tensor_view %d, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]>
    %pa = make_partition_view %va : partition_view<tile=(64x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>
    %pb = make_partition_view %vb : partition_view<tile=(16x8), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>
    %pc = make_partition_view %vc : partition_view<tile=(64x8), tensor_view<?x?xf32, strides=[?,?]>>
    %pd = make_partition_view %vd : partition_view<tile=(64x16), tensor_view<?x?xf16, strides=[?,?]>>
    %acc0 = constant <f32: 0.000000e+00> : tile<64x8xf32>
    %r = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %acc0) -> (tile<64x8xf32>) {
      %x, %t1 = load_view_tko weak %pa[%zero, %k] token = %t : partition_view<tile=(64x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<64x16xf16>, token
      %y, %t2 = load_view_tko weak %pb[%k, %zero] token = %t : partition_view<tile=(16x8), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<16x8xf16>, token
      %m = mmaf %x, %y, %acc : tile<64x16xf16>, tile<16x8xf16>, tile<64x8xf32>
      continue %m : tile<64x8xf32>
    }
    %s2 = store_view_tko weak %r, %pc[%zero, %zero] token = %t : tile<64x8xf32>, partition_view<tile=(64x8), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
}




// CHECK: .version 8.3
// CHECK: cp.async.cg.shared.global
// CHECK: cp.async.wait_all;
// CHECK: ld.global.b128
// CHECK: st.shared.b128
// CHECK: fence.proxy.async.shared::cta;
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16
