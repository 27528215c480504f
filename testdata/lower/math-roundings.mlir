// RUN: not tilec %s -o - 2>&1 | FileCheck %s
// NVIDIA's roundings of sqrt/fma other than nearest_even parse and verify (docs/cuda-tile-syntax.md)
// but are not lowered yet: a located refusal, never a round-to-nearest result in their place
// (passes/src/lower/as_to_ptx/math.rs).
cuda_tile.module @m {
  entry @f(%p: tile<ptr<f32>>) {
    %t = make_token : token
    %x, %t1 = load_ptr_tko weak %p token=%t : tile<ptr<f32>> -> tile<f32>, token
    // CHECK: math-roundings.mlir:10:5: error: {{.*}}'sqrt' with rounding<zero> is not supported yet
    %y = sqrt %x rounding<zero> flush_to_zero : tile<f32>
    %t2 = store_ptr_tko weak %p, %y token=%t1 : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
