// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --print-generic | tile-opt - | FileCheck %s
// RUN: tile-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// NVIDIA's maxf/minf modifiers (test/Dialect/CudaTile/ops.mlir's cases): flush_to_zero and
// propagate_nan in either order, printed back in NVIDIA's order (flush_to_zero first); the
// generic form carries them as unit attributes and reads back the same.
cuda_tile.module @m {
  testing$func @f(%c5: !cuda_tile.tile<bf16>, %t: !cuda_tile.tile<2x2xf32>, %h: !cuda_tile.tile<2x2xf16>) {
    // CHECK: maxf %arg0, %arg0 : tile<bf16>
    %0 = maxf %c5, %c5 : tile<bf16>
    // CHECK: maxf %arg1, %arg1 : tile<2x2xf32>
    %1 = maxf %t, %t : tile<2x2xf32>
    // CHECK: maxf %arg1, %arg1 flush_to_zero : tile<2x2xf32>
    %2 = maxf %t, %t flush_to_zero : tile<2x2xf32>
    // CHECK: maxf %arg1, %arg1 propagate_nan : tile<2x2xf32>
    %3 = maxf %t, %t propagate_nan : tile<2x2xf32>
    // CHECK: maxf %arg1, %arg1 flush_to_zero propagate_nan : tile<2x2xf32>
    %4 = maxf %t, %t flush_to_zero propagate_nan : tile<2x2xf32>
    // CHECK: maxf %arg2, %arg2 propagate_nan : tile<2x2xf16>
    %5 = maxf %h, %h propagate_nan : tile<2x2xf16>
    // CHECK: minf %arg0, %arg0 : tile<bf16>
    %6 = minf %c5, %c5 : tile<bf16>
    // CHECK: minf %arg1, %arg1 flush_to_zero : tile<2x2xf32>
    %7 = minf %t, %t flush_to_zero : tile<2x2xf32>
    // CHECK: minf %arg1, %arg1 propagate_nan : tile<2x2xf32>
    %8 = minf %t, %t propagate_nan : tile<2x2xf32>
    // CHECK: minf %arg1, %arg1 flush_to_zero propagate_nan : tile<2x2xf32>
    %9 = minf %t, %t propagate_nan flush_to_zero : tile<2x2xf32>
    // GENERIC: "cuda_tile.maxf"(%arg1, %arg1) {flush_to_zero, propagate_nan}
    // GENERIC: "cuda_tile.minf"(%arg1, %arg1) {propagate_nan, flush_to_zero}
    return
  }
}
