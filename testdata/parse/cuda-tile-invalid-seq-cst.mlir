// RUN: tile-opt %s --verify-diagnostics
// `seq_cst` is not an ordering keyword; tilec spells sequential consistency `sc`.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'seq_cst' is not a memory ordering keyword; tilec spells sequential consistency 'sc'}}
    %o, %t1 = atomic_rmw_tko seq_cst device %p, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
