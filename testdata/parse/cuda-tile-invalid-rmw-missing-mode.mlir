// RUN: tile-opt %s --verify-diagnostics
// atomic_rmw_tko takes its mode between the pointer and the value.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected an atomic mode (one of: add, addf, and, or, xor, max, min, umax, umin, xchg, exch, inc, dec); found '%one'}}
    %o, %t1 = atomic_rmw_tko relaxed device %p, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
