// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's tile-block scope is `tl_blk`; `block` is not a scope keyword.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{unknown memory scope 'block'}}
    %o, %t1 = atomic_rmw_tko acq_rel block %p, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
