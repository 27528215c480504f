// RUN: tile-opt %s --verify-diagnostics
// The condition of `if` is a tile<i1>.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{the condition of 'if' must be '!cuda_tile.tile<i1>', but '%one' is '!cuda_tile.tile<i32>'}}
    if %one {
    }
    return
  }
}
