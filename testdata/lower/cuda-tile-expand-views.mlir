// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s
// RUN: tilec %s -o - | FileCheck %s --check-prefix=PTX
// NVIDIA's view accesses become pointer-tile accesses (passes/src/lower/cuda_tile_expand.rs): tile
// index i of size T over a tensor of size s and stride st reads element k at base + (i*T+k)*st
// (i64 offsets), masked by i*T+k < s and padded with the view's padding_value; a static size
// that is a multiple of T needs no mask. assume forwards its operand; the three-result
// get_tile_block_id is one op per dimension. No view op is left.

cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %na = assume bounded<0, ?>, %n : tile<i32>
    %sa = assume bounded<0, ?>, %s : tile<i32>
    %tv = make_tensor_view %a, shape = [%na], strides = [%sa] : tile<i32> -> tensor_view<?xf32, strides=[?]>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = neg_inf, tensor_view<?xf32, strides=[?]>>
    %v, %t1 = load_view_tko weak %pv[%x] token = %t0 : partition_view<tile=(16), padding_value = neg_inf, tensor_view<?xf32, strides=[?]>>, tile<i32> -> tile<16xf32>, token
    %tc = make_tensor_view %c, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pc = make_partition_view %tc : partition_view<tile=(16), tensor_view<1024xf32, strides=[1]>>
    %t2 = store_view_tko weak %v, %pc[%y] token = %t1 : tile<16xf32>, partition_view<tile=(16), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// CHECK: "nv_tileaa.get_tile_block_id"() {dim = 0 : i32}
// CHECK-NEXT: "nv_tileaa.get_tile_block_id"() {dim = 1 : i32}
// CHECK-NEXT: "nv_tileaa.get_tile_block_id"() {dim = 2 : i32}
// CHECK: %[[LANE:[0-9]+]] = "nv_tileaa.iota"() : () -> !nv_tileaa.tile<16xi32>
// CHECK: %[[START:[0-9]+]] = "nv_tileaa.muli"(%1, %{{[0-9]+}})
// CHECK: %[[IDX:[0-9]+]] = "nv_tileaa.addi"(%{{[0-9]+}}, %[[LANE]])
// CHECK: %[[SIZE:[0-9]+]] = "nv_tileaa.broadcast"
// CHECK: %[[MASK:[0-9]+]] = "nv_tileaa.cmpi"(%[[IDX]], %[[SIZE]]) {predicate = "slt"}
// CHECK: %[[WIDE:[0-9]+]] = "nv_tileaa.extsi"(%[[IDX]]) : (!nv_tileaa.tile<16xi32>) -> !nv_tileaa.tile<16xi64>
// CHECK: "nv_tileaa.extsi"(%arg2) : (!nv_tileaa.tile<i32>) -> !nv_tileaa.tile<i64>
// CHECK: %[[OFF:[0-9]+]] = "nv_tileaa.muli"(%[[WIDE]],
// CHECK: %[[PTRS:[0-9]+]] = "nv_tileaa.offset"(%{{[0-9]+}}, %[[OFF]])
// CHECK: %[[PAD:[0-9]+]] = "nv_tileaa.constant"() {value = 0xFF800000 : f32} : () -> !nv_tileaa.tile<16xf32>
// CHECK: "nv_tileaa.load_ptr_tko"(%[[PTRS]], %[[MASK]], %[[PAD]], %0) {mem_semantic = #mem.sem<weak>}
// The store's tensor has 1024 elements, a multiple of 16, and stride 1: no mask, no multiply.
// CHECK: "nv_tileaa.muli"(%2,
// CHECK-NOT: cmpi
// CHECK: "nv_tileaa.store_ptr_tko"(%{{[0-9]+}}, %22, %23) {mem_semantic = #mem.sem<weak>}
// CHECK-NOT: view
// CHECK-NOT: assume

// PTX: setp.lt.s32
// PTX: mov.f32 %f{{[0-9]+}}, 0fFF800000;
// PTX: ld.global.f32
// PTX: st.global.f32
