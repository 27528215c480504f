// RUN: tilec %s | FileCheck %s
// A loop whose iterations may skip the mmaf (an early `continue`) is not pipelined
// (passes/src/lower/aa_to_as/pipeline.rs, exits_early): a skipped iteration would not issue its
// prefetch, leaving a slot stale and the group count one short. Its fused factor copies complete
// in their own iteration (cp.async.wait_all), as without a pipeline.
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
    %pa = make_partition_view %va : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>
    %pb = make_partition_view %vb : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>
    %pc = make_partition_view %vc : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>>
    %pd = make_partition_view %vd : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,?]>>
    %acc0 = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %r = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %acc0) -> (tile<64x64xf32>) {
      %skip = cmpi equal %k, %one, signed : tile<i32> -> tile<i1>
      if %skip {
        continue %acc : tile<64x64xf32>
      }
      %x, %t1 = load_view_tko weak %pa[%zero, %k] token = %t : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<64x32xf16>, token
      %y, %t2 = load_view_tko weak %pb[%k, %zero] token = %t : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<32x64xf16>, token
      %m = mmaf %x, %y, %acc : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %m : tile<64x64xf32>
    }
    %s2 = store_view_tko weak %r, %pc[%zero, %zero] token = %t : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
}

// CHECK: cp.async.cg.shared.global
// CHECK-NOT: cp.async.commit_group
// CHECK-NOT: cp.async.wait_group
// CHECK: cp.async.wait_all;
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
