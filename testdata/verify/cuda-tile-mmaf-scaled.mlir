// NVIDIA's `mmaf_scaled` (13.3) and `mmaf ... fast_acc`: read in NVIDIA's custom form and
// verified with NVIDIA's ODS constraints and `MmaFScaledOp::verify` (its messages; the cases of
// its test/Dialect/CudaTile/invalid.mlir): operand types, one factor and one scale element type,
// one rank, the mmaf shapes, the scales' shapes, the scale/factor combinations and the block size
// along K. `fast_acc` is a unit attribute NVIDIA's verifier does not restrict.
// RUN: tile-opt %s --verify-diagnostics

cuda_tile.module @kernels {
  testing$func @ok(%a: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>,
                   %f: tile<2x64x64xf4E2M1FN>, %fc: tile<2x64x64xf32>, %fsa: tile<2x64x4xf8E4M3FN>, %fsb: tile<2x4x64xf8E4M3FN>,
                   %x: tile<4x8xf8E4M3FN>, %y: tile<8x16xf8E4M3FN>, %z: tile<4x16xf32>) {
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    %1 = mmaf_scaled %f, %f, %fc, %fsa, %fsb : tile<2x64x64xf4E2M1FN>, tile<2x64x64xf4E2M1FN>, tile<2x64x64xf32>, tile<2x64x4xf8E4M3FN>, tile<2x4x64xf8E4M3FN>
    %2 = mmaf %x, %y, %z fast_acc : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    return
  }

  testing$func @e4m3_scale(%a: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E4M3FN>, %sb: tile<4x128xf8E4M3FN>) {
    // expected-error@below {{op unsupported combination of element types. Scale type 'f8E4M3FN' expects lhs and rhs element types to be 'f4E2M1FN', but got 'f8E5M2'}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E4M3FN>, tile<4x128xf8E4M3FN>
    return
  }

  testing$func @f16_acc(%a: tile<128x128xf8E5M2>, %c: tile<128x128xf16>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@below {{op operand #2 must be mmaf_scaled result tile type of f32 values, but got '!cuda_tile.tile<128x128xf16>'}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf16>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    return
  }

  testing$func @mixed_inputs(%a: tile<128x128xf4E2M1FN>, %b: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<128x8xf8E8M0FNU>, %sb: tile<8x128xf8E8M0FNU>) {
    // expected-error@below {{op failed to verify that all of {lhs, rhs} have the same element type}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
    return
  }

  testing$func @mixed_scales(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x8xf8E8M0FNU>, %sb: tile<8x128xf8E4M3FN>) {
    // expected-error@below {{op failed to verify that all of {lhs_scale, rhs_scale} have the same element type}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E4M3FN>
    return
  }

  testing$func @rank(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<1x128x8xf8E8M0FNU>, %sb: tile<8x128xf8E8M0FNU>) {
    // expected-error@below {{op failed to verify that all of {lhs, rhs, acc, lhs_scale, rhs_scale} have same rank}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<1x128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
    return
  }

  testing$func @k_mismatch(%a: tile<128x64xf4E2M1FN>, %b: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@below {{op  shape error: dim 1 of lhs (64) and dim 0 of rhs (128) must match, but got lhs shape (128, 64) and rhs shape (128, 128)}}
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x64xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    return
  }

  testing$func @m_dim(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<64x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@below {{shape error: dim 0 of lhs (128) and dim 0 of lhs_scale (64) must match}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<64x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    return
  }

  testing$func @n_dim(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x64xf8E8M0FNU>) {
    // expected-error@below {{shape error: dim 1 of rhs (128) and dim 1 of rhs_scale (64) must match}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
    return
  }

  testing$func @batch_dim(%a: tile<4x64x64xf4E2M1FN>, %c: tile<4x64x64xf32>, %sa: tile<2x64x2xf8E8M0FNU>, %sb: tile<4x2x64xf8E8M0FNU>) {
    // expected-error@below {{shape error: dim 0 of lhs (4) and dim 0 of lhs_scale (2) must match}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<4x64x64xf4E2M1FN>, tile<4x64x64xf4E2M1FN>, tile<4x64x64xf32>, tile<2x64x2xf8E8M0FNU>, tile<4x2x64xf8E8M0FNU>
    return
  }

  testing$func @f16_operand(%a: tile<128x128xf16>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@below {{op operand #0 must be mmaf_scaled operand tile type of f8E4M3FN or f8E5M2 or f4E2M1FN values, but got '!cuda_tile.tile<128x128xf16>'}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    return
  }

  testing$func @f32_scale(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x4xf32>, %sb: tile<4x128xf32>) {
    // expected-error@below {{op operand #3 must be mmaf_scaled scale tile type of f8E4M3FN or f8E8M0FNU values, but got '!cuda_tile.tile<128x4xf32>'}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf32>, tile<4x128xf32>
    return
  }

  testing$func @scale_k(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x8xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@below {{shape error: dim 1 of lhs_scale (8) and dim 0 of rhs_scale (4) must match, but got lhs_scale shape (128, 8) and rhs_scale shape (4, 128)}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    return
  }

  testing$func @divisor(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x3xf8E8M0FNU>, %sb: tile<3x128xf8E8M0FNU>) {
    // expected-error@below {{op shape error: dim 1 of lhs_scale (3) must be a divisor of dim 1 of lhs (128), but got lhs_scale shape (128, 3) and lhs shape (128, 128)}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x3xf8E8M0FNU>, tile<3x128xf8E8M0FNU>
    return
  }

  testing$func @f8_block(%a: tile<128x128xf8E4M3FN>, %c: tile<128x128xf32>, %sa: tile<128x8xf8E8M0FNU>, %sb: tile<8x128xf8E8M0FNU>) {
    // expected-error@below {{shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got 16}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
    return
  }

  testing$func @f4_e8m0_block(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x16xf8E8M0FNU>, %sb: tile<16x128xf8E8M0FNU>) {
    // expected-error@below {{shape error: f4E2M1FN element type with f8E8M0FNU scales requires block scale factor of lhs_scale and rhs_scale to be 16 or 32, but got 8}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x16xf8E8M0FNU>, tile<16x128xf8E8M0FNU>
    return
  }

  testing$func @f4_e4m3_block(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x16xf8E4M3FN>, %sb: tile<16x128xf8E4M3FN>) {
    // expected-error@below {{shape error: f4E2M1FN element type with f8E4M3FN scales requires block scale factor of lhs_scale and rhs_scale to be 16, but got 8}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x16xf8E4M3FN>, tile<16x128xf8E4M3FN>
    return
  }

  testing$func @result(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@below {{op failed to verify that all of {acc, result} have same type}}
    %0 = "cuda_tile.mmaf_scaled"(%a, %a, %c, %sa, %sb) : (!cuda_tile.tile<128x128xf4E2M1FN>, !cuda_tile.tile<128x128xf4E2M1FN>, !cuda_tile.tile<128x128xf32>, !cuda_tile.tile<128x4xf8E8M0FNU>, !cuda_tile.tile<4x128xf8E8M0FNU>) -> !cuda_tile.tile<64x128xf32>
    return
  }
}
