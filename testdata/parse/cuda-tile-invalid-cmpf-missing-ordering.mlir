// RUN: tile-opt %s --verify-diagnostics
// cmpf names ordered or unordered after the predicate.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected comparison ordering (one of: ordered, unordered); found '%one,'}}
    %x = cmpf less_than %one, %one : tile<i32> -> tile<i1>
    return
  }
}
