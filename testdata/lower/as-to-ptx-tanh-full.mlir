// RUN: not tilec %s 2>&1 | FileCheck %s
// tanh is lowered in its approximate form (tanh.approx.f32, rounding<approx>) only: NVIDIA's
// default, full precision, is a located error rather than a silently less precise result.

cuda_tile.module @m {
  entry @k(%p: tile<128xptr<f32>>) {
    %t0 = make_token : token
    %x, %t3 = load_ptr_tko weak %p token=%t0 : tile<128xptr<f32>> -> tile<128xf32>, token
    // CHECK: as-to-ptx-tanh-full.mlir:10:5: error: {{.*}}tanh in full precision is not supported yet (tanh.approx.f32 is: rounding<approx>)
    %h = tanh %x : tile<128xf32>
    %t4 = store_ptr_tko weak %p, %h token=%t3 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
