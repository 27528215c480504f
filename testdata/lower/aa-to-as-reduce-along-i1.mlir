// RUN: tilec %s | FileCheck %s
// A reduce that keeps a dimension goes through the input's shared-memory image
// (aa-to-as-reduce-along.mlir); shared memory holds no predicates, so an i1 tile (per-row "any"
// of an 8x64 mask) is stored as words of 1 or 0 and read back as "nonzero".

cuda_tile.module @m {
  entry @rows(%p: tile<8x64xptr<i32>>, %out: tile<8xptr<i32>>) {
    %t0 = make_token : token
    %x, %t1 = load_ptr_tko weak %p token=%t0 : tile<8x64xptr<i32>> -> tile<8x64xi32>, token
    %z = constant <i32: 0> : tile<8x64xi32>
    %m = cmpi not_equal %x, %z, signed : tile<8x64xi32> -> tile<8x64xi1>
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

// The mask's words: selp 1/0, stored as u32.
// CHECK: selp.b32 [[W:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%p[0-9]+}};
// CHECK: st.shared.u32 [{{%r[0-9]+}}], [[W]];
// CHECK: bar.sync 0;
// Read back as nonzero, folded with or.
// CHECK: ld.shared.u32 [[R:%r[0-9]+]], [{{%r[0-9]+}}];
// CHECK: setp.ne.u32 {{%p[0-9]+}}, [[R]], {{%r[0-9]+}};
// CHECK: or.pred
