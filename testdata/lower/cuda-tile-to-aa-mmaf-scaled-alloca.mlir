// lower-cuda-tile-to-aa: NVIDIA's `mmaf_scaled` and `alloca` (13.3), read in NVIDIA's custom
// form and verified, are each a located "not supported yet" error naming the op
// (docs/cuda-tile-ops.md); the narrow-float parameters are one too, at the entry.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa --verify-diagnostics

cuda_tile.module @m {
  // expected-error@below {{cannot lower 'cuda_tile.entry' yet: element type 'f8E5M2' is not supported yet}}
  entry @k(%a: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
    // expected-error@below {{lower-cuda-tile-to-aa cannot lower 'cuda_tile.mmaf_scaled' yet: NVIDIA's op is declared and verified, but not supported yet by the lowering (docs/cuda-tile-ops.md)}}
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    // expected-error@below {{lower-cuda-tile-to-aa cannot lower 'cuda_tile.alloca' yet: NVIDIA's op is declared and verified, but not supported yet by the lowering}}
    %1 = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    // expected-error@below {{lower-cuda-tile-to-aa cannot lower 'cuda_tile.alloca' yet}}
    %2 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    return
  }
}
