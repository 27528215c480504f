// RUN: tile-opt %s --verify-diagnostics
// A scope keyword where the ordering keyword belongs.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'store_ptr_tko' needs a memory ordering keyword before the scope 'device'}}
    %t1 = store_ptr_tko device %p, %one : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
