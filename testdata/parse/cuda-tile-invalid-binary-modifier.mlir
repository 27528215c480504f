// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's arithmetic modifiers (overflow, rounding, flush_to_zero) are not supported.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'addi' takes no modifiers in tilec; found 'overflow'}}
    %x = addi %one, %one overflow<no_wrap> : tile<i32>
    return
  }
}
