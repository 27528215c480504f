// RUN: not tilec %s 2>&1 | FileCheck %s
// NVIDIA's full-precision math on f64 other than remf has no program yet (an f64 sin needs a
// double-f64 reduction and polynomials of its own): a located "cannot lower yet" error naming
// the op, never a result of lower precision (passes/src/lower/as_to_ptx/libm).

cuda_tile.module @m {
  entry @k(%q: tile<128xptr<f64>>) {
    %y, %t1 = load_ptr_tko weak %q : tile<128xptr<f64>> -> tile<128xf64>, token
    // CHECK: as-to-ptx-math-full-f64.mlir:10:5: error: {{.*}}'sin' is lowered for f16, bf16 and f32 only; 'f64' is not supported yet
    %s = sin %y : tile<128xf64>
    %t2 = store_ptr_tko weak %q, %s token=%t1 : tile<128xptr<f64>>, tile<128xf64> -> token
    return
  }
}
