// RUN: tile-opt %s --verify-diagnostics
// mmaf's operand types (dialects/src/common.rs, `check_mmaf`): [B x] M x K times [B x] K x N
// into a [B x] M x N accumulator of the result's type, factors of one float type.

cuda_tile.module @m {
  entry @k_mismatch() {
    %a = constant <f16: 1.0> : tile<32x16xf16>
    %b = constant <f16: 1.0> : tile<32x16xf16>
    %z = constant <f32: 0.0> : tile<32x16xf32>
    // expected-error@+1 {{'mmaf' multiplies '!cuda_tile.tile<32x16xf16>' by '!cuda_tile.tile<32x16xf16>' into '!cuda_tile.tile<32x16xf32>': want [B x] M x K and [B x] K x N tiles of one float type and a [B x] M x N float accumulator}}
    %c = mmaf %a, %b, %z : tile<32x16xf16>, tile<32x16xf16>, tile<32x16xf32>
    return
  }
  entry @mixed_factors() {
    %a = constant <f16: 1.0> : tile<32x16xf16>
    %b = constant <bf16: 1.0> : tile<16x16xbf16>
    %z = constant <f32: 0.0> : tile<32x16xf32>
    // expected-error@+1 {{'mmaf' multiplies '!cuda_tile.tile<32x16xf16>' by '!cuda_tile.tile<16x16xbf16>' into '!cuda_tile.tile<32x16xf32>': want [B x] M x K and [B x] K x N tiles of one float type and a [B x] M x N float accumulator}}
    %c = mmaf %a, %b, %z : tile<32x16xf16>, tile<16x16xbf16>, tile<32x16xf32>
    return
  }
  entry @batched_ok() {
    %a = constant <f16: 1.0> : tile<2x32x16xf16>
    %b = constant <f16: 1.0> : tile<2x16x16xf16>
    %z = constant <f32: 0.0> : tile<2x32x16xf32>
    %c = mmaf %a, %b, %z : tile<2x32x16xf16>, tile<2x16x16xf16>, tile<2x32x16xf32>
    return
  }
  entry @bf16_into_f16() {
    %a = constant <bf16: 1.0> : tile<32x16xbf16>
    %b = constant <bf16: 1.0> : tile<16x16xbf16>
    %z = constant <f16: 0.0> : tile<32x16xf16>
    // expected-error@+1 {{'mmaf' unsupported combination of element types: 'bf16' factors accumulate into 'f32', not 'f16'}}
    %c = mmaf %a, %b, %z : tile<32x16xbf16>, tile<16x16xbf16>, tile<32x16xf16>
    return
  }
  entry @f16_into_f64() {
    %a = constant <f16: 1.0> : tile<32x16xf16>
    %b = constant <f16: 1.0> : tile<16x16xf16>
    %z = constant <f64: 0.0> : tile<32x16xf64>
    // expected-error@+1 {{'mmaf' unsupported combination of element types: 'f16' factors accumulate into 'f16' or 'f32', not 'f64'}}
    %c = mmaf %a, %b, %z : tile<32x16xf16>, tile<16x16xf16>, tile<32x16xf64>
    return
  }
}
