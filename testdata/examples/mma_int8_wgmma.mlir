// NVIDIA's mmai on sm_90a's wgmma (passes/src/lower/aa_to_as/wgmma.rs): d = c + a@b with a
// signed (128x64 i8) and b unsigned (64x64, bytes up to 240) into an i32 accumulator, as
// `wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.u8` (two m64 slabs, two k32 steps). 8-bit
// factors are K-major only, so B is staged transposed (N rows of K bytes, Place::SwzT), A as for
// mmaf (K-major, its rows in the warps' order); both with the 64-byte swizzle, the second k32
// step starting 32 bytes into the atoms' rows (a_koff / b_koff).
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); a: i8[128*64], b: u8[64*64], c, d: i32[128*64].
cuda_tile.module @mma_int8_wgmma {
  entry @mma_int8_wgmma(%pa: tile<128x64xptr<i8>>, %pb: tile<64x64xptr<i8>>, %pc: tile<128x64xptr<i32>>, %pd: tile<128x64xptr<i32>>) {
    %a, %t0 = load_ptr_tko weak %pa : tile<128x64xptr<i8>> -> tile<128x64xi8>, token
    %b, %t1 = load_ptr_tko weak %pb : tile<64x64xptr<i8>> -> tile<64x64xi8>, token
    %c, %t2 = load_ptr_tko weak %pc : tile<128x64xptr<i32>> -> tile<128x64xi32>, token
    %d = mmai %a, %b, %c signed unsigned : tile<128x64xi8>, tile<64x64xi8>, tile<128x64xi32>
    %t3 = store_ptr_tko weak %pd, %d : tile<128x64xptr<i32>>, tile<128x64xi32> -> token
    return
  }
}
