// RUN: tile-opt %s --verify-diagnostics
// itof rounds to nearest even and nothing else (NVIDIA's verifier): another rounding is an
// error at its word (dialects/src/cuda_tile/syntax/convert.rs).

cuda_tile.module @m {
  entry @k(%i: tile<4xi32>) {
    // expected-error@+1 {{'itof' with rounding<negative_inf> is not supported (only rounding<nearest_even>)}}
    %a = itof %i unsigned rounding<negative_inf> : tile<4xi32> -> tile<4xf32>
    return
  }
}
