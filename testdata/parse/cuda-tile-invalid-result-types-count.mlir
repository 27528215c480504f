// RUN: tile-opt %s --verify-diagnostics
// A load produces the loaded tile and a token: two result types.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'load_ptr_tko' takes 2 types here (the loaded tile and the token), but 1 was written}}
    %v, %t1 = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>
    %z = iota : tile<4xi32>
    return
  }
}
