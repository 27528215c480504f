// RUN: tile-opt %s --verify-diagnostics
// `token=` with no value after it.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected an SSA value (%name); found ':'}}
    %v, %t1 = load_ptr_tko acquire device %p token= : tile<ptr<i32>> -> tile<i32>, token
    return
  }
}
