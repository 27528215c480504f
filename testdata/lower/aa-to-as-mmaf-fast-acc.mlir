// RUN: tile-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s --check-prefix=AA
// RUN: tilec %s --target sm_80 | FileCheck %s --check-prefix=SM80
// `mmaf ... fast_acc` (NVIDIA 13.3): NVIDIA's description of the flag is "Enable faster but less
// precise FP8 MMA on Hopper GPUs" (native FP8 accumulation instead of periodic promotion to f32),
// a license for less precise accumulation only; the f16/bf16 factors tilec lowers accumulate in
// f32 either way, so it lowers exactly as mmaf without it (passes/src/lower/aa_to_as/mma.rs):
// the same mma.sync as testdata/lower/aa-to-as-mmaf.mlir.

cuda_tile.module @m {
  entry @small(%pa: tile<32x16xptr<f16>>, %pb: tile<16x16xptr<f16>>, %pc: tile<32x16xptr<f32>>) {
    %a, %t1 = load_ptr_tko weak %pa : tile<32x16xptr<f16>> -> tile<32x16xf16>, token
    %b, %t2 = load_ptr_tko weak %pb : tile<16x16xptr<f16>> -> tile<16x16xf16>, token
    %z = constant <f32: 0.0> : tile<32x16xf32>
    %c = mmaf %a, %b, %z fast_acc : tile<32x16xf16>, tile<16x16xf16>, tile<32x16xf32>
    %t3 = store_ptr_tko weak %pc, %c : tile<32x16xptr<f32>>, tile<32x16xf32> -> token
    return
  }
}

// ROUND: mmaf %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} fast_acc : tile<32x16xf16>, tile<16x16xf16>, tile<32x16xf32>
// AA: "nv_tileaa.mmaf"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) {fast_acc}
// SM80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
