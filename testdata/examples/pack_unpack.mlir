// NVIDIA's pack and unpack: a rank-1 tile's bytes as a tile of i8 and back (little-endian, as
// the GPU stores it). a[k] holds the bytes (k % 32) + 32·b (b = 0..3, low byte first), all below
// 128; pack gives them as 512 i8 elements (out[j] = (j/4 % 32) + 32·(j % 4)), unpack turns those
// back into the 128 i32 values (out2 = a). Each goes through a shared-memory image of the tile:
// the bytes of element k are owned by other threads than element k (the cyclic layout).
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); a: i32[128], out: i8[512], out2: i32[128].
cuda_tile.module @pack_unpack {
  entry @pack_unpack(%a: tile<128xptr<i32>>, %out: tile<512xptr<i8>>, %out2: tile<128xptr<i32>>) {
    %v, %t0 = load_ptr_tko weak %a : tile<128xptr<i32>> -> tile<128xi32>, token
    %p = pack %v : tile<128xi32> -> tile<512xi8>
    %t1 = store_ptr_tko weak %out, %p : tile<512xptr<i8>>, tile<512xi8> -> token
    %u = unpack %p : tile<512xi8> -> tile<128xi32>
    %t2 = store_ptr_tko weak %out2, %u : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}
