// A lowering error names the op in the dialect the user wrote: a cuda_tile op by its cuda_tile
// name (lower-aa-to-as works on its 1:1 nv_tileaa form), and an op a lowering generated as what
// the user's op at that location lowers to. An nv_tileaa or nv_tileas input keeps the pass's
// own names (testdata/lower/*-unsupported.mlir). This file: an op lower-as-to-ptx cannot lower;
// lowering-errors-in-user-terms-aa.mlir: one lower-aa-to-as cannot lower.
// RUN: not tilec %s 2>&1 | FileCheck %s

cuda_tile.module @m {
  entry @div(%p: tile<ptr<i32>>, %x: tile<i32>) {
    %c = constant <i32: 1> : tile<i32>
    %a = cmpi equal %x, %c, signed : tile<i32> -> tile<i1>
    // CHECK: lowering-errors-in-user-terms.mlir:13:5: error: cannot compile this cuda_tile op yet: it lowers to 'nv_tileas.divui', which lower-as-to-ptx cannot lower: on i1 operands
    %q = divi %a, %a unsigned : tile<i1>
    %z = constant <i32: 0> : tile<i32>
    %r = select %q, %c, %z : tile<i1>, tile<i32>
    %t0 = make_token : token
    %t1 = store_ptr_tko weak %p, %r token=%t0 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
