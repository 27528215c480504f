// NVIDIA's mmai on tensor cores (passes/src/lower/aa_to_as/mma.rs: i8 factors staged in shared
// memory as bytes, `mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32`): d = c + a@b with a signed
// (32x64 i8) and b unsigned (64x32, bytes up to 240), an i32 accumulator.
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); a: i8[32*64], b: u8[64*32], c, d: i32[32*32].
cuda_tile.module @mma_int8 {
  entry @mma_int8(%pa: tile<32x64xptr<i8>>, %pb: tile<64x32xptr<i8>>, %pc: tile<32x32xptr<i32>>, %pd: tile<32x32xptr<i32>>) {
    %a, %t0 = load_ptr_tko weak %pa : tile<32x64xptr<i8>> -> tile<32x64xi8>, token
    %b, %t1 = load_ptr_tko weak %pb : tile<64x32xptr<i8>> -> tile<64x32xi8>, token
    %c, %t2 = load_ptr_tko weak %pc : tile<32x32xptr<i32>> -> tile<32x32xi32>, token
    %d = mmai %a, %b, %c signed unsigned : tile<32x64xi8>, tile<64x32xi8>, tile<32x32xi32>
    %t3 = store_ptr_tko weak %pd, %d : tile<32x32xptr<i32>>, tile<32x32xi32> -> token
    return
  }
}
