// RUN: tile-opt %s --verify-diagnostics
// A kernel returns no values.

cuda_tile.module @m {
  // expected-error@+1 {{a cuda_tile entry returns no values}}
  entry @k(%a: tile<i32>) -> tile<i32> {
    return
  }
}
