// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s
// RUN: tilec %s -o /dev/null
// A 2-d view access (cuTile's row tiles): tile (i, j) of shape (T0, T1) reads element k of the
// tile (row-major) at tensor coordinates (i·T0 + k / T1, j·T1 + k mod T1), each masked by its
// dimension's size where the size is dynamic, the offsets summed with the strides in i64. With
// dim_map=[1,0] tile dimension 0 walks tensor dimension 1.

cuda_tile.module @m {
  entry @rows(%a: tile<ptr<f32>>, %r: tile<i32>, %c: tile<i32>, %rs: tile<i32>, %b: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %tv = make_tensor_view %a, shape = [%r, %c], strides = [%rs, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x8), tensor_view<?x?xf32, strides=[?,1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %v, %t = load_view_tko weak %pv[%x, %y] : partition_view<tile=(4x8), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<4x8xf32>, token
    %tb = make_tensor_view %b, shape = [%r, %c], strides = [%rs, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pb = make_partition_view %tb : partition_view<tile=(4x8), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %v, %pb[%x, %y] : tile<4x8xf32>, partition_view<tile=(4x8), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %pt = make_partition_view %tv : partition_view<tile=(8x4), tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1,0]>
    %w, %t3 = load_view_tko weak %pt[%y, %x] : partition_view<tile=(8x4), tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1,0]>, tile<i32> -> tile<8x4xf32>, token
    %to = make_tensor_view %o, shape = [%r, %c], strides = [%rs, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %po = make_partition_view %to : partition_view<tile=(8x4), tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1,0]>
    %t4 = store_view_tko weak %w, %po[%y, %x] : tile<8x4xf32>, partition_view<tile=(8x4), tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1,0]>, tile<i32> -> token
    return
  }
}

// CHECK: %[[FLAT:[0-9]+]] = "nv_tileaa.iota"() : () -> !nv_tileaa.tile<32xi32>
// CHECK-NEXT: %[[K:[0-9]+]] = "nv_tileaa.reshape"(%[[FLAT]]) : (!nv_tileaa.tile<32xi32>) -> !nv_tileaa.tile<4x8xi32>
// Row: i·4 + k / 8, below the row count.
// CHECK: "nv_tileaa.divui"(%[[K]],
// CHECK: %[[ROW:[0-9]+]] = "nv_tileaa.addi"
// CHECK: "nv_tileaa.cmpi"(%[[ROW]], %{{[0-9]+}}) {predicate = "slt"}
// Column: j·8 + k mod 8, below the column count; the two masks and'ed.
// CHECK: "nv_tileaa.remui"(%[[K]],
// CHECK: %[[COL:[0-9]+]] = "nv_tileaa.addi"
// CHECK: "nv_tileaa.cmpi"(%[[COL]], %{{[0-9]+}}) {predicate = "slt"}
// CHECK: "nv_tileaa.andi"
// CHECK: "nv_tileaa.load_ptr_tko"
// CHECK: "nv_tileaa.store_ptr_tko"
// CHECK-NOT: view
