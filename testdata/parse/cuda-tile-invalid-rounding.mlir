// RUN: tile-opt %s --verify-diagnostics
// Only the default rounding (nearest_even) is read on the float ops: another is an error naming
// it, never a silently different result.

cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    // expected-error@+1 {{'mulf' with rounding<zero> is not supported by tilec yet (only rounding<nearest_even>)}}
    %c = mulf %a, %a rounding<zero> : tile<f32>
    return
  }
}
