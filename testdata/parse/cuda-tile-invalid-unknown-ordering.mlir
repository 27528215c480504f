// RUN: tile-opt %s --verify-diagnostics
// A misspelled ordering keyword.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{unknown memory ordering 'acquired'; expected one of: weak, relaxed, acquire, release, acq_rel, sc}}
    %v, %t1 = load_ptr_tko acquired device %p : tile<ptr<i32>> -> tile<i32>, token
    return
  }
}
