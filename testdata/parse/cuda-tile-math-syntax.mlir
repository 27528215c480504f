// RUN: tile-opt %s | FileCheck %s
// NVIDIA's custom syntax of the elementwise math ops and their modifiers, read and printed back
// (dialects/src/cuda_tile/syntax/math.rs); the ops without a lowering (sin, pow, …) parse too.
cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<4xf32>) {
    // CHECK: sqrt %arg0 rounding<nearest_even> flush_to_zero : tile<4xf32>
    %0 = sqrt %x rounding<nearest_even> flush_to_zero : tile<4xf32>
    // CHECK: fma %arg0, %arg0, %arg0 rounding<zero> : tile<4xf32>
    %1 = fma %x, %x, %x rounding<zero> : tile<4xf32>
    // CHECK: tanh %arg0 rounding<approx> : tile<4xf32>
    %2 = tanh %x rounding<approx> : tile<4xf32>
    // CHECK: exp2 %arg0 flush_to_zero : tile<4xf32>
    %3 = exp2 %x flush_to_zero : tile<4xf32>
    // CHECK: sin %arg0 : tile<4xf32>
    %4 = sin %x : tile<4xf32>
    // CHECK: cosh %arg0 : tile<4xf32>
    %5 = cosh %x : tile<4xf32>
    // CHECK: pow %arg0, %arg0 : tile<4xf32>
    %6 = pow %x, %x : tile<4xf32>
    // CHECK: remf %arg0, %arg0 : tile<4xf32>
    %7 = remf %x, %x : tile<4xf32>
    // CHECK: atan2 %arg0, %arg0 : tile<4xf32>
    %8 = atan2 %x, %x : tile<4xf32>
    return
  }
}
