// RUN: not tilec %s 2>&1 | FileCheck %s
// A reduce that keeps a dimension of more than one element (per-row sums of an 8x64 tile) is
// not lowered yet: a located error naming the op.

cuda_tile.module @m {
  entry @rows(%p: tile<8x64xptr<f32>>, %out: tile<8xptr<f32>>) {
    %t0 = make_token : token
    %x, %t1 = load_ptr_tko weak %p token=%t0 : tile<8x64xptr<f32>> -> tile<8x64xf32>, token
    // CHECK: aa-to-as-reduce-unsupported.mlir:10:5: error: cannot compile 'cuda_tile.reduce' yet: only reductions to one element are supported yet (every dimension but 'dim' of size 1)
    %r = reduce %x dim=1 identities=[0.0 : f32] : tile<8x64xf32> -> tile<8xf32> (%e: tile<f32>, %a: tile<f32>) {
      %s = addf %e, %a : tile<f32>
      yield %s : tile<f32>
    }
    %t2 = store_ptr_tko weak %out, %r token=%t1 : tile<8xptr<f32>>, tile<8xf32> -> token
    return
  }
}
