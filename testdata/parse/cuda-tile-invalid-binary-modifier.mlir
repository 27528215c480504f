// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's arithmetic modifiers other than the default rounding and the overflow promises
// (flush_to_zero, …) are not supported: an error naming the modifier. `overflow<no_wrap>` is read
// and dropped (a promise, never a change of a well-defined result).

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>, %a: tile<f32>) {
    %x = addi %one, %one overflow<no_wrap> : tile<i32>
    // expected-error@+1 {{'addf' takes no modifiers in tilec; found 'flush_to_zero'}}
    %y = addf %a, %a flush_to_zero : tile<f32>
    return
  }
}
