// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's optional mask/padding operands: tilec's ops have none.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{masked 'load_ptr_tko' is not supported: tilec's cuda_tile ops have no mask or padding operands}}
    %v, %t1 = load_ptr_tko weak %f, %c : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
    return
  }
}
