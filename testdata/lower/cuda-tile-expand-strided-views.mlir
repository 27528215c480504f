// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s
// RUN: tilec %s --no-verify-races -o - | FileCheck %s --check-prefix=PTX
// NVIDIA's strided views (Types.td `strided_view`, cuTile's `tiled_view(…, traversal_steps=…)`)
// become pointer-tile accesses like partition views (cuda-tile-expand-views.mlir), with tile i
// starting at i*S (S the traversal stride) instead of i*T: element k of tile i is at
// base + (i*S + k)*st. A static size needs no mask when the last tile of the index space ends
// within it, (ceil(s/S) - 1)*S + T <= s: not for 16-element tiles 8 apart in 1024 (the last
// starts at 1016), yes for 4-element tiles 6 apart (the last starts at 1020). The index space
// has ceil(s/S) tiles. (The kernel checks address arithmetic, not a program: CTAs that share a
// block id z store to the same tile, which verify-races rightly rejects; hence
// --no-verify-races for the PTX.)

cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %x, %y, %z = get_tile_block_id : tile<i32>
    %tv = make_tensor_view %a, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %win = make_strided_view %tv : strided_view<tile=(16), traversal_strides=[8], padding_value = zero, tensor_view<1024xf32, strides=[1]>>
    %v, %t1 = load_view_tko weak %win[%x] token = %t0 : strided_view<tile=(16), traversal_strides=[8], padding_value = zero, tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %n = get_index_space_shape %win : strided_view<tile=(16), traversal_strides=[8], padding_value = zero, tensor_view<1024xf32, strides=[1]>> -> tile<i32>
    %tc = make_tensor_view %c, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %gap = make_strided_view %tc : strided_view<tile=(4), traversal_strides=[6], tensor_view<1024xf32, strides=[1]>>
    %part, %t2 = load_view_tko weak %gap[%y] token = %t1 : strided_view<tile=(4), traversal_strides=[6], tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %t3 = store_view_tko weak %part, %gap[%z] token = %t2 : tile<4xf32>, strided_view<tile=(4), traversal_strides=[6], tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// The overlapping window: start x*8, masked by the size, padded with zero.
// CHECK: %[[LANE:[0-9]+]] = "nv_tileaa.iota"() : () -> !nv_tileaa.tile<16xi32>
// CHECK-NEXT: %[[EIGHT:[0-9]+]] = "nv_tileaa.constant"() {value = 8 : i32}
// CHECK-NEXT: %[[START:[0-9]+]] = "nv_tileaa.muli"(%1, %[[EIGHT]])
// CHECK: %[[IDX:[0-9]+]] = "nv_tileaa.addi"(%{{[0-9]+}}, %[[LANE]])
// CHECK-NEXT: %[[SIZE:[0-9]+]] = "nv_tileaa.constant"() {value = 1024 : i32} : () -> !nv_tileaa.tile<16xi32>
// CHECK-NEXT: %[[MASK:[0-9]+]] = "nv_tileaa.cmpi"(%[[IDX]], %[[SIZE]]) {predicate = "slt"}
// CHECK: "nv_tileaa.load_ptr_tko"(%{{[0-9]+}}, %[[MASK]], %{{[0-9]+}}, %0)
// The index space: (1024 + 7) / 8.
// CHECK: "nv_tileaa.constant"() {value = 7 : i32}
// CHECK: "nv_tileaa.constant"() {value = 8 : i32}
// CHECK-NEXT: "nv_tileaa.divsi"
// The tiles with gaps: start y*6, no mask.
// CHECK: "nv_tileaa.constant"() {value = 6 : i32}
// CHECK-NEXT: "nv_tileaa.muli"(%2,
// CHECK-NOT: cmpi
// CHECK: "nv_tileaa.load_ptr_tko"(%{{[0-9]+}}, %{{[0-9]+}}) {mem_semantic = #mem.sem<weak>}
// CHECK: "nv_tileaa.muli"(%3,
// CHECK: "nv_tileaa.store_ptr_tko"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) {mem_semantic = #mem.sem<weak>}
// CHECK-NOT: view

// PTX: setp.lt.s32
// PTX: ld.global.f32
// PTX: st.global.f32
