// RUN: tile-opt %s --verify-diagnostics
// join_tokens writes its result type.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+2 {{expected ':' and the types of 'join_tokens' (the token); found 'return'}}
    %t1 = join_tokens %t, %t
    return
  }
}
