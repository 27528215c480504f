// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt - | FileCheck %s
// NVIDIA's test-only function `testing$func` (the unit of its dialect tests): parameters, results
// returned by `return`, its types in the `function_type` attribute. It is read, verified and
// printed; lower-cuda-tile-to-aa rejects it (it is no kernel). `rounding<nearest_even>` on a float
// op is kept as written (explicit round-to-nearest: PTX's `.rn`, never contracted into an fma).

cuda_tile.module @test {
  testing$func @sum(%a: tile<f32>, %b: tile<f32>) -> tile<f32> {
    %c = mulf %a, %b rounding<nearest_even> : tile<f32>
    %d = addf %c, %a : tile<f32>
    return %d : tile<f32>
  }
  testing$func @none() {
    return
  }
}

// CHECK: cuda_tile.module @test {
// CHECK-NEXT: testing$func @sum(%arg0: tile<f32>, %arg1: tile<f32>) -> (tile<f32>) {
// CHECK-NEXT: %0 = mulf %arg0, %arg1 rounding<nearest_even> : tile<f32>
// CHECK-NEXT: %1 = addf %0, %arg0 : tile<f32>
// CHECK-NEXT: return %1 : tile<f32>
// CHECK-NEXT: }
// CHECK-NEXT: testing$func @none() {
// CHECK-NEXT: return
// CHECK-NEXT: }
