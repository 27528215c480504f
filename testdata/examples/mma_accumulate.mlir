// d = 0.5 * (c + A@B + A@B) on tensor cores: a 64x64 f32 accumulator loaded from memory (cyclic
// layout, converted into the mma fragment layout through shared memory before the loop), two
// mmaf steps of 64x32 by 32x64 f16 factors carried around a `for` in fragment registers, then
// an elementwise mulf, which converts the fragments back to the cyclic layout for the store
// (passes/src/lower/aa_to_as/mma.rs). With 128 threads and 64 columns every conversion takes
// the "two rows per thread step" path (T % N == 0).
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); a: f16[64*32], b: f16[32*64], c, d: f32[64*64],
// row-major, not overlapping.
cuda_tile.module @mma_accumulate {
  entry @mma_accumulate(%a: tile<64x32xptr<f16>>, %b: tile<32x64xptr<f16>>, %c: tile<64x64xptr<f32>>, %d: tile<64x64xptr<f32>>) {
    %va, %t1 = load_ptr_tko weak %a : tile<64x32xptr<f16>> -> tile<64x32xf16>, token
    %vb, %t2 = load_ptr_tko weak %b : tile<32x64xptr<f16>> -> tile<32x64xf16>, token
    %vc, %t3 = load_ptr_tko weak %c : tile<64x64xptr<f32>> -> tile<64x64xf32>, token
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 2> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %acc = for %i in (%lb to %ub, step %one) : tile<i32> iter_values(%x = %vc) -> (tile<64x64xf32>) {
      %y = mmaf %va, %vb, %x : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %y : tile<64x64xf32>
    }
    %half = constant <f32: 0.5> : tile<64x64xf32>
    %r = mulf %acc, %half : tile<64x64xf32>
    %t4 = store_ptr_tko weak %d, %r : tile<64x64xptr<f32>>, tile<64x64xf32> -> token
    return
  }
}
