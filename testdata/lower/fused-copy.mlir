// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --ptx-isa 8.2 | FileCheck %s --check-prefix=ISA82
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s --check-prefix=AS
// Factor loads fused into the mmaf's staging (passes/src/lower/aa_to_as/fused.rs, copy.rs): both
// loads feed only the wgmma mmaf and nothing with a memory effect lies between them and it, so
// their address arithmetic is not lowered; the loop is unswitched on whether the views allow
// 16-byte chunks (column stride 1, 16-byte aligned base, row stride and column bound multiples
// of 8 elements; the column start is a multiple of the tile's 32 by construction): one copy of
// the loop moves each thread's 2 chunks of A and 2 of B with ld.global.b128/st.shared.b128 (all
// four loads before the stores, so they are in flight together), the
// other loads element by element with the view's masks. .b128 needs PTX ISA 8.3: with 8.2 the
// loads are not fused.
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
      continue %m : tile<64x64xf32>
    }
    %s2 = store_view_tko weak %r, %pc[%zero, %zero] token = %t : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
}

// AS: "nv_tileas.ptr_to_int"
// AS: "nv_tileas.ptr_to_int"
// AS: "nv_tileas.if"
// AS: "nv_tileas.for"
// AS-COUNT-4: -> i128
// AS: "nv_tileas.wgmma_mma"
// AS: "nv_tileas.for"
// AS-NOT: -> i128
// AS: "nv_tileas.wgmma_mma"

// CHECK: .version 8.3
// CHECK-COUNT-4: ld.global.b128
// CHECK-COUNT-4: st.shared.b128
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: ld.global.u16
// CHECK-NOT: b128

// ISA82: .version 8.2
// ISA82-NOT: b128
// ISA82: wgmma.mma_async
