// RUN: not tilec %s --target sm_75 2>&1 | FileCheck %s
// f32 → bf16 is `cvt.rn.bf16x2.f32`, which needs sm_80: on an older target a located error.

cuda_tile.module @m {
  entry @k(%pf: tile<128xptr<f32>>, %pb: tile<128xptr<bf16>>) {
    %f, %t1 = load_ptr_tko weak %pf : tile<128xptr<f32>> -> tile<128xf32>, token
    // CHECK: as-to-ptx-convert-sm80.mlir:8:5: error: {{.*}}ftof to bf16 needs sm_80 or later
    %b = ftof %f : tile<128xf32> -> tile<128xbf16>
    %t2 = store_ptr_tko weak %pb, %b : tile<128xptr<bf16>>, tile<128xbf16> -> token
    return
  }
}
