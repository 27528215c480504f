// RUN: not tilec %s 2>&1 | FileCheck %s
// Conversions the lowering does not do yet are a located error naming the op and the types
// (passes/src/lower/as_to_ptx/convert.rs): f64 → bf16 (through f32 it would round twice),
// integer → bf16, and a bitcast of an i16 (a type tilec does not lower).

cuda_tile.module @m {
  entry @f64_to_bf16(%pd: tile<128xptr<f64>>, %pb: tile<128xptr<bf16>>) {
    %d, %t1 = load_ptr_tko weak %pd : tile<128xptr<f64>> -> tile<128xf64>, token
    // CHECK: as-to-ptx-convert-unsupported.mlir:10:5: error: {{.*}}'nv_tileas.ftof'{{.*}}ftof from f64 to bf16 is not supported yet
    %b = ftof %d : tile<128xf64> -> tile<128xbf16>
    %t2 = store_ptr_tko weak %pb, %b : tile<128xptr<bf16>>, tile<128xbf16> -> token
    return
  }
  entry @int_to_bf16(%pb: tile<128xptr<bf16>>, %pi: tile<128xptr<i32>>) {
    %i, %t3 = load_ptr_tko weak %pi : tile<128xptr<i32>> -> tile<128xi32>, token
    // CHECK: as-to-ptx-convert-unsupported.mlir:17:5: error: {{.*}}converting 'i32' to 'bf16' is not supported yet
    %c = itof %i signed : tile<128xi32> -> tile<128xbf16>
    %t4 = store_ptr_tko weak %pb, %c : tile<128xptr<bf16>>, tile<128xbf16> -> token
    return
  }
}
