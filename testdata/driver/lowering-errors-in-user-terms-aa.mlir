// A lower-aa-to-as error names a cuda_tile op by its cuda_tile name, not by the nv_tileaa form
// the pass works on (see lowering-errors-in-user-terms.mlir).
// RUN: not tilec %s 2>&1 | FileCheck %s

cuda_tile.module @m {
  // CHECK: lowering-errors-in-user-terms-aa.mlir:9:5: error: cannot compile 'cuda_tile.iota' yet: iota must yield i32 or i64
  // CHECK-NOT: nv_tileaa
  entry @iota(%p: tile<128xptr<f32>>) {
    %i = iota : tile<128xf32>
    %t0 = make_token : token
    %t1 = store_ptr_tko weak %p, %i token=%t0 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
