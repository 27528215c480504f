// `tilec --pedantic` runs verify-nvidia first: a tilec extension of cuda_tile (here a kernel
// parameter that is a tile of pointers, and `num_threads`) is an error with the code
// verify.nvidia, and nothing is compiled. Without the flag the same kernel compiles.
// RUN: not tilec %s --pedantic --show-codes 2>&1 | FileCheck %s
// RUN: tilec %s | FileCheck %s --check-prefix=PTX
// CHECK: error: 'entry' entry op must have scalar types (rank 0 !cuda_tile.tile) [verify.nvidia]
// CHECK: error: 'entry' attribute 'num_threads' is a tilec extension (NVIDIA's entry has none) [verify.nvidia]
// CHECK-NOT: .entry
// PTX: .visible .entry copy(

cuda_tile.module @m {
  entry @copy(%p: tile<128xptr<f32>>) attributes {num_threads = 128 : i32} {
    %v, %t = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %t2 = store_ptr_tko weak %p, %v token = %t : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
