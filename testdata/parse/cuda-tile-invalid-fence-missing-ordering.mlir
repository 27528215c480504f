// RUN: tile-opt %s --verify-diagnostics
// tilec's fence_tko needs its ordering keyword too.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'fence_tko' needs a memory ordering keyword before its token}}
    %t1 = fence_tko token=%t : token
    return
  }
}
