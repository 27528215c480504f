// RUN: tile-opt %s --verify-diagnostics
// A rounding the float op does not take is an error naming it (NVIDIA's message), never a
// silently different result: mulf takes the IEEE roundings only (approx and full are divf's).

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error@+1 {{custom op 'cuda_tile.mulf' expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %c = mulf %a, %a rounding<approx> : tile<f32>
    return
  }
}
