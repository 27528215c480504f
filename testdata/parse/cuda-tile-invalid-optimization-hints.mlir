// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's optimization_hints are not supported.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'load_ptr_tko' does not take NVIDIA's optimization_hints in tilec}}
    %v, %t1 = load_ptr_tko weak %p optimization_hints = {} : tile<ptr<i32>> -> tile<i32>, token
    return
  }
}
