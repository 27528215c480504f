// RUN: tile-opt %s --verify-diagnostics
// A store names the pointer and the value types.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'store_ptr_tko' takes 2 types here (the pointer tile and the stored tile), but 1 was written}}
    %t1 = store_ptr_tko weak %p, %one : tile<ptr<i32>> -> token
    return
  }
}
