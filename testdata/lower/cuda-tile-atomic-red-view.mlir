// RUN: tile-opt %s | tile-opt - | FileCheck %s --check-prefix=ROUND
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s
// RUN: tilec %s | FileCheck %s --check-prefix=PTX
// NVIDIA's atomic_red_view_tko (cuTile's `Array.tiled_view(...).atomic_store_add`): an atomic
// reduction of a tile into a partition view, rewritten before lowering into atomic_rmw_tko on
// the view's pointers, masked by its bounds, the old values unused
// (passes/src/lower/cuda_tile_expand.rs, `access`). And the unsigned atomic modes umax/umin:
// PTX max/min on .u32. The names `%cst_-1` carry MLIR's `-` (what tileirdisasm prints).

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>, %q: tile<ptr<i32>>) {
    %cst_-1_i32 = constant <i32: -1> : tile<i32>
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <f32: 1.0> : tile<16xf32>
    %t0 = make_token : token
    %t1 = atomic_red_view_tko relaxed device %pv[%zero], addf, %one token = %t0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %old, %t2 = atomic_rmw_tko relaxed device %q, umax, %cst_-1_i32 token = %t1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %old2, %t3 = atomic_rmw_tko relaxed device %q, umin, %cst_-1_i32 token = %t2 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

// ROUND: %{{[0-9]+}} = atomic_red_view_tko relaxed device %{{[0-9]+}}[%{{[0-9]+}}], addf, %{{[0-9]+}} token = %{{[0-9]+}} : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
// ROUND: atomic_rmw_tko relaxed device %arg2, umax, %0
// ROUND: atomic_rmw_tko relaxed device %arg2, umin, %0

// CHECK: "nv_tileaa.atomic_rmw_tko"({{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileaa.tile<16x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<16xf32>, !nv_tileaa.tile<16xi1>, !nv_tileaa.token) -> (!nv_tileaa.tile<16xf32>, !nv_tileaa.token)
// CHECK: {kind = #mem.rmw<umax>
// CHECK: {kind = #mem.rmw<umin>

// PTX: atom.relaxed.gpu.global.add.f32
// PTX: atom.relaxed.gpu.global.max.u32
// PTX: atom.relaxed.gpu.global.min.u32
