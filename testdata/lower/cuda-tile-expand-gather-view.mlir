// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s
// RUN: tilec %s -o - | FileCheck %s --check-prefix=PTX
// NVIDIA's gather/scatter views (Types.td `gather_scatter_view`, cuTile's
// `load_advanced_indexing`) become pointer-tile accesses like partition views
// (cuda-tile-expand-views.mlir): along the sparse dimension the coordinate of element k is
// rows[k[0]] (the 1-d index tile reshaped to (8, 1) and broadcast), along a dense dimension the
// element offset plus k; each coordinate is masked unsigned against the tensor's size (a
// negative row is out of bounds) and a load pads with the view's padding_value.

cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %r: tile<ptr<i32>>, %o: tile<ptr<f32>>) {
    %t0 = make_token : token
    %tr = make_tensor_view %r, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pr = make_partition_view %tr : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %rows, %t1 = load_view_tko weak %pr[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %tv = make_tensor_view %a, shape = [100, 64], strides = [64, 1] : tensor_view<100x64xf32, strides=[64,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x64), padding_value = zero, tensor_view<100x64xf32, strides=[64,1]>, sparse_dim=0>
    %v, %t2 = load_view_tko weak %gv[%rows, %c0] token = %t1 : gather_scatter_view<tile=(8x64), padding_value = zero, tensor_view<100x64xf32, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x64xf32>, token
    %to = make_tensor_view %o, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf32, strides=[64,1]>
    %po = make_partition_view %to : partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>
    %t3 = store_view_tko weak %v, %po[%c0, %c0] token = %t2 : tile<8x64xf32>, partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// The rows: the index tile reshaped to (8, 1) and broadcast to (8, 64), tested unsigned.
// CHECK: %[[ROWS:[0-9]+]], %{{[0-9]+}} = "nv_tileaa.load_ptr_tko"
// CHECK: %[[COL:[0-9]+]] = "nv_tileaa.reshape"(%[[ROWS]]) : (!nv_tileaa.tile<8xi32>) -> !nv_tileaa.tile<8x1xi32>
// CHECK-NEXT: %[[R:[0-9]+]] = "nv_tileaa.broadcast"(%[[COL]]) : (!nv_tileaa.tile<8x1xi32>) -> !nv_tileaa.tile<8x64xi32>
// CHECK-NEXT: %[[N:[0-9]+]] = "nv_tileaa.constant"() {value = 100 : i32} : () -> !nv_tileaa.tile<8x64xi32>
// CHECK-NEXT: "nv_tileaa.cmpi"(%[[R]], %[[N]]) {predicate = "ult"}
// The dense columns: offset 0 plus the lane's column, tested unsigned against 64.
// CHECK: "nv_tileaa.remui"
// CHECK: "nv_tileaa.cmpi"(%{{[0-9]+}}, %{{[0-9]+}}) {predicate = "ult"}
// CHECK: "nv_tileaa.load_ptr_tko"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) {mem_semantic = #mem.sem<weak>}
// CHECK-NOT: view

// PTX: setp.lt.u32
// PTX: ld.global.f32
// PTX: st.global.f32
