// RUN: tile-opt %s --verify-diagnostics
// propagate_nan is maxf's and minf's modifier (testdata/parse/cuda-tile-maxf-modifier-twice.mlir):
// addf, which has no such attribute, does not read it.

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    // expected-error@+1 {{'addf' takes no propagate_nan}}
    %y = addf %x, %x propagate_nan : tile<f32>
    return
  }
}
