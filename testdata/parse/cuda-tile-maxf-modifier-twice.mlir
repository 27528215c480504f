// RUN: tile-opt %s --verify-diagnostics
// maxf's and minf's flush_to_zero and propagate_nan (NVIDIA's oilist) come in either order, each
// at most once; a modifier written twice is an error naming it
// (testdata/verify/cuda-tile-maxf-modifiers.mlir has the rules of the verifier).

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %a = maxf %x, %x propagate_nan flush_to_zero : tile<f32>
    // expected-error@+1 {{'minf' has propagate_nan twice}}
    %b = minf %x, %x propagate_nan flush_to_zero propagate_nan : tile<f32>
    return
  }
}
