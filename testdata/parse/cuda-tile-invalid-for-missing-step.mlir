// RUN: tile-opt %s --verify-diagnostics
// A for loop's range is `(%lb to %ub, step %s)`.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected ','; found ')'}}
    for %i in (%one to %one) : tile<i32> {
    }
    return
  }
}
