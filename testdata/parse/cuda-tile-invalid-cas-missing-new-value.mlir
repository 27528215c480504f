// RUN: tile-opt %s --verify-diagnostics
// atomic_cas_tko takes the compare value, then the new value.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected ','; found ':'}}
    %o, %t1 = atomic_cas_tko relaxed device %p, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
