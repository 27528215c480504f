// RUN: not tilec %s 2>&1 | FileCheck %s
// A reduce that keeps a dimension goes through shared memory (aa-to-as-reduce-along.mlir), which
// holds no predicates: one of i1 elements (per-row "any" of an 8x64 mask) is not lowered yet, a
// located error naming the op.

cuda_tile.module @m {
  entry @rows(%p: tile<8x64xptr<i32>>, %out: tile<8xptr<i32>>) {
    %t0 = make_token : token
    %x, %t1 = load_ptr_tko weak %p token=%t0 : tile<8x64xptr<i32>> -> tile<8x64xi32>, token
    %z = constant <i32: 0> : tile<8x64xi32>
    %m = cmpi not_equal %x, %z, signed : tile<8x64xi32> -> tile<8x64xi1>
    // CHECK: aa-to-as-reduce-unsupported.mlir:13:5: error: cannot compile 'cuda_tile.reduce' yet: an i1 tile is not moved between threads yet (shared memory holds no predicates)
    %r = reduce %m dim=1 identities=[0 : i1] : tile<8x64xi1> -> tile<8xi1> (%e: tile<i1>, %a: tile<i1>) {
      %s = ori %e, %a : tile<i1>
      yield %s : tile<i1>
    }
    %one = constant <i32: 1> : tile<8xi32>
    %zero = constant <i32: 0> : tile<8xi32>
    %v = select %r, %one, %zero : tile<8xi1>, tile<8xi32>
    %t2 = store_ptr_tko weak %out, %v token=%t1 : tile<8xptr<i32>>, tile<8xi32> -> token
    return
  }
}
