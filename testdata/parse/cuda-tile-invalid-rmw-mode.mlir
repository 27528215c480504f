// RUN: tile-opt %s --verify-diagnostics
// An atomic mode NVIDIA does not have: a located error listing the modes.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{unknown atomic mode 'nand'; expected one of: add, addf, and, or, xor, max, min, umax, umin, xchg, exch, inc, dec}}
    %o, %t1 = atomic_rmw_tko relaxed device %p, nand, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
