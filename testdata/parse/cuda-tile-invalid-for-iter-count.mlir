// RUN: tile-opt %s --verify-diagnostics
// One type per loop-carried value.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{2 loop-carried values but 1 type was written}}
    %a, %b = for %i in (%one to %one, step %one) : tile<i32> iter_values(%x = %one, %y = %t) -> (tile<i32>) {
      continue %x, %y : tile<i32>, token
    }
    return
  }
}
