// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's `addf` atomic mode is float addition: on integers it is an error at the mode word
// (dialects/src/cuda_tile/syntax/keywords.rs, check_add_mode); tilec's text writes `add` for a
// float add too (testdata/verify/cuda-tile-nvidia-rules.mlir).
cuda_tile.module @m {
  entry @atomics(%ip: tile<2xptr<i32>>, %iv: tile<2xi32>) {
    // expected-error@+1 {{'addf' works only with floats f16, bf16, f32, and f64}}
    %a, %t = atomic_rmw_tko relaxed device %ip, addf, %iv : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
    return
  }
}
