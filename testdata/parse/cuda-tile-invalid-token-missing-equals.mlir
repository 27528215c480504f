// RUN: tile-opt %s --verify-diagnostics
// The token clause is `token=%t` (or `token = %t`).

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected '='; found '%t'}}
    %t1 = store_ptr_tko weak %p, %one token %t : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
