// RUN: not tilec %s 2>&1 | FileCheck %s
// Math PTX has no instruction for (the approximations are f32 only) is a located "cannot
// compile yet" error naming the op; so is tanh in full precision (as-to-ptx-tanh-full.mlir).

cuda_tile.module @m {
  entry @k(%q: tile<128xptr<f64>>, %p: tile<128xptr<f32>>) {
    %t0 = make_token : token
    %y, %t1 = load_ptr_tko weak %q token=%t0 : tile<128xptr<f64>> -> tile<128xf64>, token
    // CHECK: as-to-ptx-math-unsupported.mlir:10:5: error: {{.*}}'exp' is lowered for f32 (and, where PTX has it, f64) only, not 'f64'
    %e = exp %y : tile<128xf64>
    %t2 = store_ptr_tko weak %q, %e token=%t1 : tile<128xptr<f64>>, tile<128xf64> -> token
    return
  }
}
