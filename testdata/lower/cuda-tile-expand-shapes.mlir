// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s
// negi is 0 - x; get_tensor_shape is the view's sizes and get_index_space_shape ceil(size/tile)
// per tile dimension (through dim_map), computed from make_tensor_view's operands
// (passes/src/lower/cuda_tile_expand.rs).

cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %n: tile<i32>, %out: tile<ptr<i32>>) {
    %tv = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1,0]>
    %s:2 = get_tensor_shape %tv : tensor_view<?x64xf32, strides=[64,1]> -> tile<i32>
    %i:2 = get_index_space_shape %pv : partition_view<tile=(8x16), tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1,0]> -> tile<i32>
    %x = addi %s#0, %s#1 : tile<i32>
    %y = addi %i#0, %i#1 : tile<i32>
    %z = addi %x, %y : tile<i32>
    %w = negi %z : tile<i32>
    %t = store_ptr_tko weak %out, %w : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// The tensor's sizes: %arg1 and 64.
// CHECK: %[[S1:[0-9]+]] = "nv_tileaa.constant"() {value = 64 : i32}
// Tile dimension 0 (8) walks tensor dimension 1 (64): (64 + 7) / 8.
// CHECK: %[[C64:[0-9]+]] = "nv_tileaa.constant"() {value = 64 : i32}
// CHECK-NEXT: %[[C7:[0-9]+]] = "nv_tileaa.constant"() {value = 7 : i32}
// CHECK-NEXT: %[[SUM0:[0-9]+]] = "nv_tileaa.addi"(%[[C64]], %[[C7]])
// CHECK-NEXT: %[[C8:[0-9]+]] = "nv_tileaa.constant"() {value = 8 : i32}
// CHECK-NEXT: %[[I0:[0-9]+]] = "nv_tileaa.divsi"(%[[SUM0]], %[[C8]])
// Tile dimension 1 (16) walks tensor dimension 0 (%arg1): (%arg1 + 15) / 16.
// CHECK-NEXT: %[[C15:[0-9]+]] = "nv_tileaa.constant"() {value = 15 : i32}
// CHECK-NEXT: %[[SUM1:[0-9]+]] = "nv_tileaa.addi"(%arg1, %[[C15]])
// CHECK-NEXT: %[[C16:[0-9]+]] = "nv_tileaa.constant"() {value = 16 : i32}
// CHECK-NEXT: %[[I1:[0-9]+]] = "nv_tileaa.divsi"(%[[SUM1]], %[[C16]])
// CHECK-NEXT: %[[X:[0-9]+]] = "nv_tileaa.addi"(%arg1, %[[S1]])
// CHECK-NEXT: %[[Y:[0-9]+]] = "nv_tileaa.addi"(%[[I0]], %[[I1]])
// CHECK-NEXT: %[[Z:[0-9]+]] = "nv_tileaa.addi"(%[[X]], %[[Y]])
// CHECK-NEXT: %[[ZERO:[0-9]+]] = "nv_tileaa.constant"() {value = 0 : i32}
// CHECK-NEXT: %[[W:[0-9]+]] = "nv_tileaa.subi"(%[[ZERO]], %[[Z]])
// CHECK-NEXT: "nv_tileaa.store_ptr_tko"(%arg2, %[[W]])
