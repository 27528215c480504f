// RUN: tile-opt %s --verify-diagnostics
// A misspelled atomic mode.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{unknown atomic mode 'sum'}}
    %o, %t1 = atomic_rmw_tko relaxed device %p, sum, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
