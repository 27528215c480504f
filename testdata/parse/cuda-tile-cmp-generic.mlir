// RUN: tile-opt %s | FileCheck %s
// RUN: tilec %s -o - | FileCheck %s --check-prefix=PTX
// NVIDIA's generic comparison form (the predicate as words: comparison_predicate with signedness
// or comparison_ordering) reads as tilec's predicate (cuda_tile::words::cmp_predicate), prints in
// the custom syntax and lowers (passes/src/lower/cuda_tile_expand.rs).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %q: tile<ptr<f32>>) {
    %t = make_token : token
    %x, %t1 = load_ptr_tko weak %p token=%t : tile<ptr<i32>> -> tile<i32>, token
    %f, %t2 = load_ptr_tko weak %q token=%t : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: cmpi less_than %{{[0-9]+}}, %{{[0-9]+}}, unsigned : tile<i32> -> tile<i1>
    %c = "cuda_tile.cmpi"(%x, %x) {comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<unsigned>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i1>
    // CHECK: cmpf greater_than ordered %{{[0-9]+}}, %{{[0-9]+}} : tile<f32> -> tile<i1>
    %d = "cuda_tile.cmpf"(%f, %f) {comparison_predicate = #cuda_tile.comparison_predicate<greater_than>, comparison_ordering = #cuda_tile.comparison_ordering<ordered>} : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<i1>
    %e = andi %c, %d : tile<i1>
    %y = select %e, %x, %x : tile<i1>, tile<i32>
    %t3 = store_ptr_tko weak %p, %y token=%t1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
// PTX: setp.lt.u32
// PTX: setp.gt.f32
