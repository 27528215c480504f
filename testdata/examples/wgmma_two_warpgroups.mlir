// d = a @ b + c on 256 threads: two warpgroups, so the 256x64 f32 accumulator's grid is 8 warps
// along M (16 rows each) and each warpgroup's wgmma slab holds its own warps' rows
// (passes/src/lower/aa_to_as/wgmma.rs: A's rows staged in slab order, the slab base per
// warpgroup from the thread id). The accumulator is loaded from memory (a conversion into the
// fragment layout) and the result stored through the conversion back.
//
// Launch: grid = (1, 1, 1), block = (256, 1, 1); a: f16[256*32], b: f16[32*64], c, d: f32[256*64],
// row-major.
cuda_tile.module @wgmma_two_warpgroups {
  entry @wgmma_two_warpgroups(%a: tile<256x32xptr<f16>>, %b: tile<32x64xptr<f16>>, %c: tile<256x64xptr<f32>>, %d: tile<256x64xptr<f32>>) {
    %va, %t1 = load_ptr_tko weak %a : tile<256x32xptr<f16>> -> tile<256x32xf16>, token
    %vb, %t2 = load_ptr_tko weak %b : tile<32x64xptr<f16>> -> tile<32x64xf16>, token
    %vc, %t3 = load_ptr_tko weak %c : tile<256x64xptr<f32>> -> tile<256x64xf32>, token
    %r = mmaf %va, %vb, %vc : tile<256x32xf16>, tile<32x64xf16>, tile<256x64xf32>
    %t4 = store_ptr_tko weak %d, %r : tile<256x64xptr<f32>>, tile<256x64xf32> -> token
    return
  } {num_threads = 256 : i32}
}
