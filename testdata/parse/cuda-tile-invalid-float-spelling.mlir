// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's fp8 spellings are exact: `f8E4M3` (without FN) is no type.

cuda_tile.module @m {
  // expected-error@+1 {{expected an element type (iN, a float type such as f32 or f8E4M3FN, index or ptr<T>); found 'f8E4M3>)'}}
  entry @k(%a: tile<4xf8E4M3>) {
    return
  }
}
