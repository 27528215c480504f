// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --emit nvvm-mlir | FileCheck %s --check-prefix=NVVM
// The accumulators of a wgmma chain in a loop (print/ptx.rs, carried_chain): the chain runs in
// the loop's carried registers only when its result goes back to them by the loop's move and
// nothing reads them in between. Here the loop also stores the old accumulator after the mmaf
// (a read of the carried registers after the first wgmma wrote them): the first wgmma writes
// copies (mov.f32, then wgmma.fence before it), and the copies go back at the end of the body.
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
      %x, %t1 = load_view_tko weak %pa[%zero, %k] token = %t : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<64x32xf16>, token
      %y, %t2 = load_view_tko weak %pb[%k, %zero] token = %t : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<32x64xf16>, token
      %m = mmaf %x, %y, %acc : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      %s1 = store_view_tko weak %acc, %pc[%zero, %zero] token = %t : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
      continue %m : tile<64x64xf32>
    }
    %s2 = store_view_tko weak %r, %pc[%zero, %zero] token = %t : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
}

// CHECK: cp.async.wait_group
// CHECK: mov.f32
// CHECK: wgmma.fence.sync.aligned;
// CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: st.global
// CHECK: mov.f32
// CHECK: cp.async.wait_all;

// The LLVM writers (print/lower.rs) tie each wgmma result to its accumulator (`=f` … `0,1,2`):
// the copying wgmma keeps its `mov`s (a move of the tied register to itself) and the
// `wgmma.fence` that orders LLVM's copy into that register before the wgmma; the chained one
// runs in place. Each wait passes the accumulators through, so no use moves above it.
// NVVM: "mov.f32 $0, $34;{{.*}}wgmma.fence.sync.aligned;\0A\09wgmma.mma_async{{.*}}", "=f,{{.*}},=f,l,l,0,1,2,{{.*}},31,~{memory}"
// NVVM: "wgmma.wait_group.sync.aligned 0;", "=f,{{.*}},=f,0,1,2,{{.*}},~{memory}"
