// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's unsigned loop comparison has no tilec equivalent.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{tilec's 'for' has no unsigned comparison ('unsigned')}}
    for unsigned %i in (%one to %one, step %one) : tile<i32> {
    }
    return
  }
}
