// RUN: not tilec %s 2>&1 | FileCheck %s
// A tile of i1 (predicates) is not moved between threads yet: shared memory holds no
// predicates, and the lowering says so at the op (passes/src/lower/aa_to_as/exchange.rs).

cuda_tile.module @m {
  entry @k(%p: tile<8x16xptr<i32>>) {
    %x, %t = load_ptr_tko weak %p : tile<8x16xptr<i32>> -> tile<8x16xi32>, token
    %z = constant <i32: 0> : tile<8x16xi32>
    %b = cmpi equal %x, %z, signed : tile<8x16xi32> -> tile<8x16xi1>
    // CHECK: aa-to-as-permute-unsupported.mlir:11:5: error: {{.*}}'cuda_tile.permute'{{.*}}an i1 tile is not moved between threads yet
    %c = permute %b [1, 0] : tile<8x16xi1> -> tile<16x8xi1>
    %z2 = constant <i32: 0> : tile<16x8xi32>
    %r = select %c, %z2, %z2 : tile<16x8xi1>, tile<16x8xi32>
    return
  }
}
