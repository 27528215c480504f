// NVIDIA's permute and extract on a GPU (passes/src/lower/aa_to_as/exchange.rs): the elements
// of the result are owned by other threads than the source's, so they go through shared
// memory (stores, a CTA barrier, loads). Over a = 0, 1, …, 2047 as a 32x64 f32 tile:
// - t = permute a [1, 0] (64x32, the transpose);
// - u = permute (reshape a to 4x8x64) [2, 0, 1] (64x4x8: u[k][i][j] = a[i][j][k]);
// - e = extract a[2 + block id, 3] with 8x16 slices (rows 16..23, columns 48..63);
// - h = permute (ftof a to f16) [1, 0]: 16-bit elements through shared memory.
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1).
cuda_tile.module @permute_extract {
  entry @permute_extract(%pa: tile<32x64xptr<f32>>, %pt: tile<64x32xptr<f32>>, %pu: tile<64x4x8xptr<f32>>, %pe: tile<8x16xptr<f32>>, %ph: tile<64x32xptr<f16>>) {
    %a, %t0 = load_ptr_tko weak %pa : tile<32x64xptr<f32>> -> tile<32x64xf32>, token
    %t = permute %a [1, 0] : tile<32x64xf32> -> tile<64x32xf32>
    %t1 = store_ptr_tko weak %pt, %t : tile<64x32xptr<f32>>, tile<64x32xf32> -> token
    %a3 = reshape %a : tile<32x64xf32> -> tile<4x8x64xf32>
    %u = permute %a3 [2, 0, 1] : tile<4x8x64xf32> -> tile<64x4x8xf32>
    %t2 = store_ptr_tko weak %pu, %u : tile<64x4x8xptr<f32>>, tile<64x4x8xf32> -> token
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %three = constant <i32: 3> : tile<i32>
    %row = addi %two, %bid : tile<i32>
    %e = extract %a[%row, %three] : tile<32x64xf32> -> tile<8x16xf32>
    %t3 = store_ptr_tko weak %pe, %e : tile<8x16xptr<f32>>, tile<8x16xf32> -> token
    %ah = ftof %a : tile<32x64xf32> -> tile<32x64xf16>
    %h = permute %ah [1, 0] : tile<32x64xf16> -> tile<64x32xf16>
    %t4 = store_ptr_tko weak %ph, %h : tile<64x32xptr<f16>>, tile<64x32xf16> -> token
    return
  }
}
