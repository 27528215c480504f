// NVIDIA's scan (inclusive prefix) on a GPU (passes/src/lower/aa_to_as/scan.rs): lines cut into
// chunks over the threads, folded through shared memory, chunk totals folded into prefixes.
// - s1: the prefix sums of a = 0, 1, …, 1023 (one line of 128 chunks);
// - s2: along dim 1 of an 8x64 f32 tile (8 lines of 16 chunks);
// - s3: reverse=true along dim 0 of an 8x64 tile of ones (64 lines 64 apart, one chunk each);
// - s4: along dim 1 of a 256x4 tile (256 lines, more than the 128 threads: two rounds).
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1).
cuda_tile.module @scan {
  entry @scan(%pa: tile<1024xptr<i32>>, %pb: tile<8x64xptr<f32>>, %pc: tile<8x64xptr<i32>>, %pd: tile<256x4xptr<i32>>, %p1: tile<1024xptr<i32>>, %p2: tile<8x64xptr<f32>>, %p3: tile<8x64xptr<i32>>, %p4: tile<256x4xptr<i32>>) {
    %a, %t0 = load_ptr_tko weak %pa : tile<1024xptr<i32>> -> tile<1024xi32>, token
    %s1 = scan %a dim=0 reverse=false identities=[0 : i32] : tile<1024xi32> -> tile<1024xi32>
    (%x: tile<i32>, %acc: tile<i32>) {
      %y = addi %x, %acc : tile<i32>
      yield %y : tile<i32>
    }
    %t1 = store_ptr_tko weak %p1, %s1 : tile<1024xptr<i32>>, tile<1024xi32> -> token
    %b, %t2 = load_ptr_tko weak %pb : tile<8x64xptr<f32>> -> tile<8x64xf32>, token
    %s2 = scan %b dim=1 reverse=false identities=[0.0 : f32] : tile<8x64xf32> -> tile<8x64xf32>
    (%x: tile<f32>, %acc: tile<f32>) {
      %y = addf %x, %acc : tile<f32>
      yield %y : tile<f32>
    }
    %t3 = store_ptr_tko weak %p2, %s2 : tile<8x64xptr<f32>>, tile<8x64xf32> -> token
    %c, %t4 = load_ptr_tko weak %pc : tile<8x64xptr<i32>> -> tile<8x64xi32>, token
    %s3 = scan %c dim=0 reverse=true identities=[0 : i32] : tile<8x64xi32> -> tile<8x64xi32>
    (%x: tile<i32>, %acc: tile<i32>) {
      %y = addi %x, %acc : tile<i32>
      yield %y : tile<i32>
    }
    %t5 = store_ptr_tko weak %p3, %s3 : tile<8x64xptr<i32>>, tile<8x64xi32> -> token
    %d, %t6 = load_ptr_tko weak %pd : tile<256x4xptr<i32>> -> tile<256x4xi32>, token
    %s4 = scan %d dim=1 reverse=false identities=[0 : i32] : tile<256x4xi32> -> tile<256x4xi32>
    (%x: tile<i32>, %acc: tile<i32>) {
      %y = addi %x, %acc : tile<i32>
      yield %y : tile<i32>
    }
    %t7 = store_ptr_tko weak %p4, %s4 : tile<256x4xptr<i32>>, tile<256x4xi32> -> token
    return
  }
}
