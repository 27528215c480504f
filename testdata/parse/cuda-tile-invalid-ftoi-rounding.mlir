// RUN: tile-opt %s --verify-diagnostics
// ftoi rounds toward zero and nothing else (NVIDIA's verifier; its own test spells this case
// `ftoi %arg0 unsigned rounding<nearest_even>`): an error at the rounding's word.

cuda_tile.module @m {
  entry @k(%f: tile<2x2xf32>) {
    // expected-error@+1 {{'ftoi' with rounding<nearest_even> is not supported (only rounding<nearest_int_to_zero>)}}
    %a = ftoi %f unsigned rounding<nearest_even> : tile<2x2xf32> -> tile<2x2xi64>
    return
  }
}
