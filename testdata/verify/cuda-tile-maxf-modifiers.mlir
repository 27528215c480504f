// NVIDIA's rules for the modifiers of maxf and minf (MaxFOp/MinFOp::verify → verifyFtz, its
// message): flush_to_zero on f32 only; propagate_nan on every float type, in either order
// (testdata/parse/cuda-tile-maxf-modifier-twice.mlir: each at most once). Each bad case is its
// own kernel.
// RUN: tile-opt %s --verify-diagnostics

cuda_tile.module @ftz_bf16 {
  entry @ftz_bf16(%x: tile<2x4xbf16>) {
    // expected-error@+1 {{flush_to_zero modifier only supported for f32 data type, but got: 'bf16'}}
    %y = maxf %x, %x flush_to_zero : tile<2x4xbf16>
    return
  }
}

cuda_tile.module @ftz_f64 {
  entry @ftz_f64(%x: tile<f64>) {
    // expected-error@+1 {{flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
    %y = minf %x, %x propagate_nan flush_to_zero : tile<f64>
    return
  }
}

cuda_tile.module @ftz_f16_generic {
  entry @ftz_f16_generic(%x: tile<f16>) {
    // expected-error@+1 {{flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %y = "cuda_tile.minf"(%x, %x) {flush_to_zero} : (!cuda_tile.tile<f16>, !cuda_tile.tile<f16>) -> !cuda_tile.tile<f16>
    return
  }
}

cuda_tile.module @ok {
  entry @ok(%x: tile<f32>, %h: tile<f16>, %b: tile<bf16>, %d: tile<f64>) {
    %0 = maxf %x, %x flush_to_zero : tile<f32>
    %1 = maxf %x, %x propagate_nan : tile<f32>
    %2 = maxf %x, %x flush_to_zero propagate_nan : tile<f32>
    %3 = minf %x, %x propagate_nan flush_to_zero : tile<f32>
    %4 = minf %h, %h propagate_nan : tile<f16>
    %5 = maxf %b, %b propagate_nan : tile<bf16>
    %6 = minf %d, %d propagate_nan : tile<f64>
    return
  }
}
