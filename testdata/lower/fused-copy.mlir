// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --ptx-isa 8.2 | FileCheck %s --check-prefix=ISA82
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s --check-prefix=AS
// Factor loads fused into the mmaf's staging (passes/src/lower/aa_to_as/fused.rs, copy.rs): both
// loads feed only the wgmma mmaf and nothing with a memory effect lies between them and it, so
// their address arithmetic is not lowered; the loop is unswitched on whether the views allow
// 16-byte chunks (column stride 1, 16-byte aligned base, row stride and column bound multiples
// of 8 elements; the column start is a multiple of the tile's 32 by construction). One copy of
// the loop moves each thread's 2 chunks of A and 2 of B with cp.async (16 bytes each, zero-filled
// past a bound) in a 2-stage pipeline (pipeline.rs; the loop runs twice, so 2 stages): before
// the loop the copies of iteration 0 and a commit; in iteration t, cp.async.wait_group 0 (t's
// copies complete), fence.proxy.async (wgmma reads through the async proxy), a barrier, the
// wgmmas and their commit, then (while they run) the copies of iteration t+1 into the other
// slot (each also testing t+1 < 2: the copy of the iteration past the end reads nothing) and a
// commit, then the wgmma wait; after the loop cp.async.wait_all. The wgmma chain runs in the
// loop's carried accumulator registers (no mov.f32 copies: print/ptx.rs, carried_chain). The
// other copy of the loop loads element by element with the view's masks. The kernel asks ptxas
// for the CTAs per SM its shared memory and accumulators allow, at no fewer than 128 registers
// per thread (.minnctapersm 4 on 128 threads, pipeline.rs; 6 made ptxas spill 140 bytes).
// The fused copies need PTX ISA 8.3 (.b128 where a chunk is not every thread's): with 8.2 the
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
// AS-COUNT-4: "nv_tileas.cp_async"
// AS-NEXT: "nv_tileas.cp_async_commit"
// AS-NEXT: "nv_tileas.for"
// AS: "nv_tileas.cp_async_wait"() {pending = 0 : i32}
// AS-NEXT: "nv_tileas.fence_proxy_async"
// AS-NEXT: "nv_tileas.barrier"
// AS: "nv_tileas.wgmma_mma"
// AS: "nv_tileas.wgmma_commit"
// AS: %[[LIVE:[0-9]+]] = "nv_tileas.cmpi"({{.*}}) {predicate = "slt"}
// AS: "nv_tileas.andi"(%[[LIVE]], %{{[0-9]+}})
// AS-COUNT-4: "nv_tileas.cp_async"
// AS-NEXT: "nv_tileas.cp_async_commit"
// AS-NEXT: "nv_tileas.wgmma_wait"
// AS: "nv_tileas.cp_async_wait_all"
// AS: "nv_tileas.for"
// AS-NOT: "nv_tileas.cp_async"
// AS: "nv_tileas.wgmma_mma"

// CHECK: .version 8.0
// CHECK: .minnctapersm 4
// CHECK-COUNT-4: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK-NEXT: cp.async.commit_group;
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: mov.f32
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-COUNT-4: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK-NEXT: cp.async.commit_group;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK: cp.async.wait_all;
// CHECK: ld.global.u16
// CHECK-NOT: cp.async

// ISA82: .version 8.2
// ISA82-NOT: cp.async
// ISA82: wgmma.mma_async
