// NVIDIA's ptr_to_int, int_to_ptr and ptr_to_ptr: out[i] = the low 8 bits of the address of a[i]
// (ptr_to_int of a pointer tile, then andi 255: 4·i mod 256, cuMemAlloc's buffers being 256-byte
// aligned); out3 = a read back through int_to_ptr of those addresses; and b read through a
// ptr_to_ptr of its i32 pointer as f32 (the same 32 bits: out2 = b's bits). A pointer keeps its
// address through all three: nv_tileas has no pointer element types, and a global pointer is its
// address in a 64-bit register, so each is a register alias in PTX.
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); a: f32[128], b: i32[128], out: i64[128],
// out2: f32[128], out3: f32[128].
cuda_tile.module @ptr_casts {
  entry @ptr_casts(%a: tile<128xptr<f32>>, %b: tile<128xptr<i32>>, %out: tile<128xptr<i64>>, %out2: tile<128xptr<f32>>, %out3: tile<128xptr<f32>>) {
    %ia = ptr_to_int %a : tile<128xptr<f32>> -> tile<128xi64>
    %low = constant <i64: 255> : tile<128xi64>
    %d = andi %ia, %low : tile<128xi64>
    %t1 = store_ptr_tko weak %out, %d : tile<128xptr<i64>>, tile<128xi64> -> token
    %pa = int_to_ptr %ia : tile<128xi64> -> tile<128xptr<f32>>
    %av, %t4 = load_ptr_tko weak %pa : tile<128xptr<f32>> -> tile<128xf32>, token
    %t5 = store_ptr_tko weak %out3, %av : tile<128xptr<f32>>, tile<128xf32> -> token
    %bf = ptr_to_ptr %b : tile<128xptr<i32>> -> tile<128xptr<f32>>
    %v, %t2 = load_ptr_tko weak %bf : tile<128xptr<f32>> -> tile<128xf32>, token
    %t3 = store_ptr_tko weak %out2, %v : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
