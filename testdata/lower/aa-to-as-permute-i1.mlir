// RUN: tilec %s | FileCheck %s
// A tile of i1 (predicates) moved between threads (a transpose of an 8x16 mask) goes through
// shared memory as words of 1 or 0 and is read back as "nonzero" (passes/src/lower/aa_to_as/
// exchange.rs): shared memory holds no predicates.

cuda_tile.module @m {
  entry @k(%p: tile<8x16xptr<i32>>, %q: tile<16x8xptr<i32>>) {
    %x, %t = load_ptr_tko weak %p : tile<8x16xptr<i32>> -> tile<8x16xi32>, token
    %z = constant <i32: 0> : tile<8x16xi32>
    %b = cmpi equal %x, %z, signed : tile<8x16xi32> -> tile<8x16xi1>
    %c = permute %b [1, 0] : tile<8x16xi1> -> tile<16x8xi1>
    %one = constant <i32: 1> : tile<16x8xi32>
    %z2 = constant <i32: 0> : tile<16x8xi32>
    %r = select %c, %one, %z2 : tile<16x8xi1>, tile<16x8xi32>
    %t2 = store_ptr_tko weak %q, %r token = %t : tile<16x8xptr<i32>>, tile<16x8xi32> -> token
    return
  }
}

// CHECK: selp.b32 [[W:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%p[0-9]+}};
// CHECK: st.shared.u32 [{{%r[0-9]+}}], [[W]];
// CHECK: bar.sync 0;
// CHECK: ld.shared.u32 [[R:%r[0-9]+]], [{{%r[0-9]+}}];
// CHECK: setp.ne.u32 {{%p[0-9]+}}, [[R]], {{%r[0-9]+}};
// CHECK: st.global.u32
