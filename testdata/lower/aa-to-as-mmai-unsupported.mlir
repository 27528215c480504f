// RUN: not tilec %s 2>&1 | FileCheck %s
// mmai needs K a multiple of 32 (one m16n8k32 step); i8 tiles are moved and multiplied, not
// computed on (tilec has no 8-bit integer arithmetic yet): located errors.

cuda_tile.module @m {
  entry @k16(%pa: tile<32x16xptr<i8>>, %pb: tile<16x32xptr<i8>>, %pc: tile<32x32xptr<i32>>) {
    %a, %t0 = load_ptr_tko weak %pa : tile<32x16xptr<i8>> -> tile<32x16xi8>, token
    %b, %t1 = load_ptr_tko weak %pb : tile<16x32xptr<i8>> -> tile<16x32xi8>, token
    %c = constant <i32: 0> : tile<32x32xi32>
    // CHECK: aa-to-as-mmai-unsupported.mlir:11:5: error: {{.*}}mmai needs K a multiple of 32, got 16
    %d = mmai %a, %b, %c signed signed : tile<32x16xi8>, tile<16x32xi8>, tile<32x32xi32>
    %t3 = store_ptr_tko weak %pc, %d : tile<32x32xptr<i32>>, tile<32x32xi32> -> token
    return
  }
  entry @arith(%pa: tile<128xptr<i8>>) {
    %a, %t0 = load_ptr_tko weak %pa : tile<128xptr<i8>> -> tile<128xi8>, token
    // CHECK: aa-to-as-mmai-unsupported.mlir:18:5: error: {{.*}}and i8 tiles are only loaded, stored, selected, converted and multiplied by mmai so far
    %s = addi %a, %a : tile<128xi8>
    %t1 = store_ptr_tko weak %pa, %s : tile<128xptr<i8>>, tile<128xi8> -> token
    return
  }
}
