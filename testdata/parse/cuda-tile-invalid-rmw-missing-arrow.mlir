// RUN: tile-opt %s --verify-diagnostics
// An atomic's result types come after '->'.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected '->' and the old-value tile and token types; found 'tile<i32>,'}}
    %o, %t1 = atomic_rmw_tko relaxed device %p, add, %one : tile<ptr<i32>>, tile<i32> tile<i32>, token
    return
  }
}
