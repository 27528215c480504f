// RUN: tilec %s --tma-maps | FileCheck %s
// RUN: tilec %s | FileCheck %s --check-prefix=OFF
// The TMA path of a pipelined wgmma mmaf (passes/src/lower/aa_to_as/tma.rs, docs/tensor-maps.md):
// fused-copy.mlir's matmul (64x64 accumulator, 64x32 and 32x64 f16 factors, a 2-stage pipeline)
// with --tma-maps. Its views are made of its parameters and constants, so each factor gets a
// hidden tensor-map parameter after the kernel's four (A: boxes of 32 columns (64 bytes, the
// 64-byte swizzle of its K-major layout) by all 64 rows, the identity row order of one m16 tile
// per warp; B: one box of 64 columns (128 bytes) by the 32 K rows, its column block) and the
// kernel an `ok` parameter, each described by a //tilec: line. Before the loop one thread inits
// the two stage barriers and issues iteration 0 (arrive.expect_tx of the stage's 8192 bytes, then
// the two boxes); in the loop every thread waits on its stage's barrier, a CTA barrier, the
// wgmmas, the next iteration's boxes. The other arm (the maps not made, or a view the chunk test
// rejects) loads element by element.
// Not TMA: the same loop nested in another (k_nested: a stage barrier's phases would not start
// at the inner loop's start; such a loop is not pipelined at all, see pipeline.rs) and a view
// whose bound is computed in the kernel (k_computed: the launcher cannot know it, so the
// cp.async pipeline). Without --tma-maps (OFF) no kernel
// has hidden parameters.
cuda_tile.module @m {
  entry @k_tma(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %d: tile<ptr<f16>>) {
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

  entry @k_nested(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %d: tile<ptr<f16>>) {
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
    %o = for %j in (%zero to %two, step %one) : tile<i32> iter_values(%acco = %acc0) -> (tile<64x64xf32>) {
    %r = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %acco) -> (tile<64x64xf32>) {
      %x, %t1 = load_view_tko weak %pa[%zero, %k] token = %t : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<64x32xf16>, token
      %y, %t2 = load_view_tko weak %pb[%k, %zero] token = %t : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<32x64xf16>, token
      %m = mmaf %x, %y, %acc : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %m : tile<64x64xf32>
    }
    continue %r : tile<64x64xf32>
    }
    %s2 = store_view_tko weak %o, %pc[%zero, %zero] token = %t : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }

  entry @k_computed(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %d: tile<ptr<f16>>) {
    %t = make_token : token
    %n = constant <i32: 64> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %nn = muli %n, %one : tile<i32>
    %va = make_tensor_view %a, shape = [%nn, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]>
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

// CHECK: //tilec:tensor_map entry=k_tma param=4 base=p0 cols=64 rows=64 stride=64 type=f16 box=32,64 swizzle=64
// CHECK-NEXT: //tilec:tensor_map entry=k_tma param=5 base=p1 cols=64 rows=64 stride=64 type=f16 box=64,32 swizzle=128
// CHECK-NEXT: //tilec:tensor_maps_ok entry=k_tma param=6
// CHECK-NEXT: .visible .entry k_tma(
// CHECK: .param .align 64 .b8 k_tma_param_4[128],
// CHECK-NEXT: .param .align 64 .b8 k_tma_param_5[128],
// CHECK-NEXT: .param .u32 k_tma_param_6
// CHECK: mov.b64 [[A:%rd[0-9]+]], k_tma_param_4;
// CHECK: mov.b64 [[B:%rd[0-9]+]], k_tma_param_5;
// CHECK-COUNT-2: mbarrier.init.shared.b64
// CHECK: fence.mbarrier_init.release.cluster;
// CHECK: bar.sync 0;
// CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [{{%r[0-9]+}}], 8192;
// CHECK-NEXT: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%r[0-9]+}}], [[[A]], {{[{].*[}]}}], [{{%r[0-9]+}}];
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%r[0-9]+}}], [[[B]], {{[{].*[}]}}], [{{%r[0-9]+}}];
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-NEXT: @!{{%p[0-9]+}} bra
// CHECK-NEXT: bar.sync 0;
// CHECK: wgmma.fence.sync.aligned;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [{{%r[0-9]+}}], 8192;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-LABEL: .visible .entry k_nested(
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: cp.async.cg.shared.global
// CHECK-NOT: cp.async.bulk.tensor
// CHECK-LABEL: .visible .entry k_computed(
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: cp.async.cg.shared.global
// CHECK-NOT: cp.async.bulk.tensor

// OFF-NOT: //tilec:
// OFF-NOT: cp.async.bulk.tensor
