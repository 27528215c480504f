// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt - | FileCheck %s
// RUN: tile-opt %s --print-generic | tile-opt - | FileCheck %s
// NVIDIA's forms of the shared ops and its view ops, as tileirdisasm and cuda-tile-opt print them
// (issue 17): masks and padding on the memory ops, the three-result tile-block queries, assume,
// exti/trunci, tensor and partition views with static and dynamic sizes, view loads and stores,
// reduce with its body, the float math ops, negi and the shape queries.
// Custom -> IR -> custom is a fixpoint, and the generic form reads back to the same IR.

cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>, %f: tile<128xptr<f32>>, %m: tile<128xi1>, %z: tile<128xf32>, %p: tile<ptr<i32>>, %one: tile<i32>, %c: tile<i1>) {
    %t0 = make_token : token
    %x, %y, %w = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %a = assume bounded<0, ?>, %n : tile<i32>
    %b = assume div_by<16>, %s : tile<i32>
    %e = exti %a signed : tile<i32> -> tile<i64>
    %u = exti %a unsigned : tile<i32> -> tile<i64>
    %tr = trunci %e : tile<i64> -> tile<i32>
    %v, %t1 = load_ptr_tko weak %f, %m token=%t0 : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
    %v2, %t2 = load_ptr_tko relaxed device %f, %m, %z : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    %t3 = store_ptr_tko weak %f, %v, %m token=%t1 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    %o, %t4 = atomic_rmw_tko acq_rel device %p, add, %one, %c token=%t3 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %o2, %t5 = atomic_cas_tko relaxed tl_blk %p, %one, %one, %c : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %tv = make_tensor_view %base, shape = [%a, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %tv2 = make_tensor_view %base, shape = [%a], strides = [%b] : tile<i32> -> tensor_view<?xf32, strides=[?]>
    %tv0 = make_tensor_view %base, shape = [], strides = [] : tensor_view<f32>
    %pv = make_partition_view %tv : partition_view<tile=(8x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1,0]>
    %pv2 = make_partition_view %tv2 : partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>
    %tile, %t6 = load_view_tko weak %pv[%x, %y] token = %t0 : partition_view<tile=(8x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1,0]>, tile<i32> -> tile<8x64xf32>, token
    %tile2, %t7 = load_view_tko acquire device %pv2[%e] : partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>, tile<i64> -> tile<16xf32>, token
    %t8 = store_view_tko release tl_blk %tile2, %pv2[%tr] token = %t7 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token
    %red = reduce %tile2 dim=0 identities=[0.000000e+00 : f32] : tile<16xf32> -> tile<f32> (%re: tile<f32>, %ra: tile<f32>) {
      %rs = addf %re, %ra : tile<f32>
      yield %rs : tile<f32>
    }
    %ex = exp %red : tile<f32>
    %fm = fma %ex, %ex, %ex : tile<f32>
    %ng = negi %tr : tile<i32>
    %ns:2 = get_index_space_shape %pv : partition_view<tile=(8x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1,0]> -> tile<i32>
    return
  }
}

// CHECK: cuda_tile.module @m {
// CHECK-NEXT: entry @k(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<128xptr<f32>>, %arg4: tile<128xi1>, %arg5: tile<128xf32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i1>) {
// CHECK-NEXT: %0 = make_token : token
// CHECK-NEXT: %1, %2, %3 = get_tile_block_id : tile<i32>
// CHECK-NEXT: %4, %5, %6 = get_num_tile_blocks : tile<i32>
// CHECK-NEXT: %7 = assume bounded<0, ?>, %arg1 : tile<i32>
// CHECK-NEXT: %8 = assume div_by<16>, %arg2 : tile<i32>
// CHECK-NEXT: %9 = exti %7 signed : tile<i32> -> tile<i64>
// CHECK-NEXT: %10 = exti %7 unsigned : tile<i32> -> tile<i64>
// CHECK-NEXT: %11 = trunci %9 : tile<i64> -> tile<i32>
// CHECK-NEXT: %12, %13 = load_ptr_tko weak %arg3, %arg4 token=%0 : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
// CHECK-NEXT: %14, %15 = load_ptr_tko relaxed device %arg3, %arg4, %arg5 : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
// CHECK-NEXT: %16 = store_ptr_tko weak %arg3, %12, %arg4 token=%13 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
// CHECK-NEXT: %17, %18 = atomic_rmw_tko acq_rel device %arg6, add, %arg7, %arg8 token=%16 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
// CHECK-NEXT: %19, %20 = atomic_cas_tko relaxed tl_blk %arg6, %arg7, %arg7, %arg8 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
// CHECK-NEXT: %21 = make_tensor_view %arg0, shape = [%7, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
// CHECK-NEXT: %22 = make_tensor_view %arg0, shape = [%7], strides = [%8] : tile<i32> -> tensor_view<?xf32, strides=[?]>
// CHECK-NEXT: %23 = make_tensor_view %arg0, shape = [], strides = [] : tensor_view<f32>
// CHECK-NEXT: %24 = make_partition_view %21 : partition_view<tile=(8x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1,0]>
// CHECK-NEXT: %25 = make_partition_view %22 : partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>
// CHECK-NEXT: %26, %27 = load_view_tko weak %24[%1, %2] token = %0 : partition_view<tile=(8x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1,0]>, tile<i32> -> tile<8x64xf32>, token
// CHECK-NEXT: %28, %29 = load_view_tko acquire device %25[%9] : partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>, tile<i64> -> tile<16xf32>, token
// CHECK-NEXT: %30 = store_view_tko release tl_blk %28, %25[%11] token = %29 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token
// CHECK-NEXT: %31 = reduce %28 dim=0 identities=[0.0 : f32] : tile<16xf32> -> tile<f32> (%arg9: tile<f32>, %arg10: tile<f32>) {
// CHECK-NEXT: %32 = addf %arg9, %arg10 : tile<f32>
// CHECK-NEXT: yield %32 : tile<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %33 = exp %31 : tile<f32>
// CHECK-NEXT: %34 = fma %33, %33, %33 : tile<f32>
// CHECK-NEXT: %35 = negi %11 : tile<i32>
// CHECK-NEXT: %36, %37 = get_index_space_shape %24 : partition_view<tile=(8x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1,0]> -> tile<i32>
// CHECK-NEXT: return
