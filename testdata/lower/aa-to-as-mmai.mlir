// RUN: tilec %s -o - | FileCheck %s
// mmai on tensor cores (passes/src/lower/aa_to_as/mma.rs): the i8 factors loaded as bytes
// (`ld.global.u8`), staged in shared memory as bytes, their fragments loaded as 32-bit words of
// four k values, one `mma.sync.aligned.m16n8k32` per 32 of K, each factor's signedness in the
// instruction; the i32 accumulator in the fragment layout.

cuda_tile.module @m {
  // CHECK-LABEL: .entry k(
  // CHECK: ld.global.u8
  // CHECK: st.shared.u8
  // CHECK: bar.sync 0;
  // CHECK: ld.shared.u32
  // CHECK: mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32
  // CHECK: st.global.u32
  entry @k(%pa: tile<32x64xptr<i8>>, %pb: tile<64x32xptr<i8>>, %pc: tile<32x32xptr<i32>>) {
    %a, %t0 = load_ptr_tko weak %pa : tile<32x64xptr<i8>> -> tile<32x64xi8>, token
    %b, %t1 = load_ptr_tko weak %pb : tile<64x32xptr<i8>> -> tile<64x32xi8>, token
    %c = constant <i32: 0> : tile<32x32xi32>
    %d = mmai %a, %b, %c unsigned signed : tile<32x64xi8>, tile<64x32xi8>, tile<32x32xi32>
    %t3 = store_ptr_tko weak %pc, %d : tile<32x32xptr<i32>>, tile<32x32xi32> -> token
    return
  }
}
