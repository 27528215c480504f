// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as --verify-diagnostics
// What mmaf's lowering does not do yet is a located error (passes/src/lower/aa_to_as/mma.rs):
// factors other than f16/bf16, K not a multiple of 16, an accumulator that does not split into
// m16n8 tiles over the warps; and 16-bit float arithmetic with a directed rounding (the f16
// rounding of an f32 rounded toward zero is not the f16 rounding toward zero; fma, computed by
// fma.rn.f16x2, has PTX's .rn only). Computing on their bits as 32-bit values would be a miscompile.

cuda_tile.module @m {
  entry @f32_factors(%pa: tile<32x16xptr<f32>>, %pc: tile<32x16xptr<f32>>) {
    %a, %t1 = load_ptr_tko weak %pa : tile<32x16xptr<f32>> -> tile<32x16xf32>, token
    %b = constant <f32: 1.0> : tile<16x16xf32>
    %z = constant <f32: 0.0> : tile<32x16xf32>
    // expected-error@+1 {{cannot compile 'cuda_tile.mmaf' yet: mmaf supports f16 and bf16 factors only (tf32, f8 and f64 are not lowered yet)}}
    %c = mmaf %a, %b, %z : tile<32x16xf32>, tile<16x16xf32>, tile<32x16xf32>
    %t3 = store_ptr_tko weak %pc, %c : tile<32x16xptr<f32>>, tile<32x16xf32> -> token
    return
  }
  entry @short_k(%pc: tile<32x16xptr<f32>>) {
    %a = constant <f16: 1.0> : tile<32x8xf16>
    %b = constant <f16: 1.0> : tile<8x16xf16>
    %z = constant <f32: 0.0> : tile<32x16xf32>
    // expected-error@+1 {{cannot compile 'cuda_tile.mmaf' yet: mmaf needs K a multiple of 16, got 8}}
    %c = mmaf %a, %b, %z : tile<32x8xf16>, tile<8x16xf16>, tile<32x16xf32>
    %t3 = store_ptr_tko weak %pc, %c : tile<32x16xptr<f32>>, tile<32x16xf32> -> token
    return
  }
  entry @too_small(%pc: tile<16x8xptr<f32>>) {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %b = constant <f16: 1.0> : tile<16x8xf16>
    %z = constant <f32: 0.0> : tile<16x8xf32>
    // expected-error@+1 {{cannot compile 'cuda_tile.mmaf' yet: an mmaf/mmai accumulator of 16x8 does not split into m16n8 tiles over 4 warps}}
    %c = mmaf %a, %b, %z : tile<16x16xf16>, tile<16x8xf16>, tile<16x8xf32>
    %t3 = store_ptr_tko weak %pc, %c : tile<16x8xptr<f32>>, tile<16x8xf32> -> token
    return
  }
  entry @f16_fma_toward_zero(%pa: tile<128xptr<f16>>) {
    %a, %t1 = load_ptr_tko weak %pa : tile<128xptr<f16>> -> tile<128xf16>, token
    // expected-error@+1 {{cannot compile 'cuda_tile.fma' yet: f16 and bf16 arithmetic rounds to nearest only (computed on f32, fma by fma.rn.f16x2: docs/cuda-tile-ops.md), and i8 tiles are only loaded, stored, selected, converted and multiplied by mmai so far}}
    %b = fma %a, %a, %a rounding<zero> : tile<128xf16>
    %t2 = store_ptr_tko weak %pa, %b token=%t1 : tile<128xptr<f16>>, tile<128xf16> -> token
    return
  }
  entry @f16_toward_zero(%pa: tile<128xptr<f16>>) {
    %a, %t1 = load_ptr_tko weak %pa : tile<128xptr<f16>> -> tile<128xf16>, token
    // expected-error@+1 {{cannot compile 'cuda_tile.addf' yet: f16 and bf16 arithmetic rounds to nearest only (computed on f32, fma by fma.rn.f16x2: docs/cuda-tile-ops.md), and i8 tiles are only loaded, stored, selected, converted and multiplied by mmai so far}}
    %c = addf %a, %a rounding<zero> : tile<128xf16>
    %t2 = store_ptr_tko weak %pa, %c token=%t1 : tile<128xptr<f16>>, tile<128xf16> -> token
    return
  }
}
