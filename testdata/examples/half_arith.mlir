// f16 and bf16 arithmetic, computed on f32 and rounded back to nearest (cuda_tile_expand: the
// same results, exactly, for + - × ÷ √ max min neg abs cmp; docs/cuda-tile-ops.md). With inputs
// whose results are exact in the 16-bit type: x = (i mod 32)/4 in f16, y = x·x, z = √y = x,
// w = z ÷ 0.5 = 2x, out = max(w, x) = 2x, and -|−x| = −x; in bf16, b = (i mod 16)/8 and
// q = b·b (at most 8 significant bits). cmp: c = (q > b), stored as 0/1. fma (one rounding of
// the 16-bit values, fma.rn.f16x2 / fma.rn.bf16x2): x·x + x = (k² + 4k)/16 and b·b − b =
// (k² − 8k)/64 (k = i mod 32, i mod 16), exact.
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1) (half_arith.run.toml).
cuda_tile.module @half_arith {
  entry @half_arith(%px: tile<128xptr<f16>>, %pb: tile<128xptr<bf16>>, %out: tile<128xptr<f16>>, %neg: tile<128xptr<f16>>, %outq: tile<128xptr<bf16>>, %outc: tile<128xptr<i32>>, %outf: tile<128xptr<f16>>, %outg: tile<128xptr<bf16>>) {
    %x, %t1 = load_ptr_tko weak %px : tile<128xptr<f16>> -> tile<128xf16>, token
    %b, %t2 = load_ptr_tko weak %pb : tile<128xptr<bf16>> -> tile<128xbf16>, token
    %y = mulf %x, %x : tile<128xf16>
    %z = sqrt %y : tile<128xf16>
    %half = constant <f16: 0.5> : tile<128xf16>
    %w = divf %z, %half : tile<128xf16>
    %m = maxf %w, %x : tile<128xf16>
    %nx = negf %x : tile<128xf16>
    %ax = absf %nx : tile<128xf16>
    %nax = negf %ax : tile<128xf16>
    %q = mulf %b, %b : tile<128xbf16>
    %c = cmpf greater_than ordered %q, %b : tile<128xbf16> -> tile<128xi1>
    %one = constant <i32: 1> : tile<128xi32>
    %zero = constant <i32: 0> : tile<128xi32>
    %ci = select %c, %one, %zero : tile<128xi1>, tile<128xi32>
    %t3 = store_ptr_tko weak %out, %m : tile<128xptr<f16>>, tile<128xf16> -> token
    %t4 = store_ptr_tko weak %neg, %nax : tile<128xptr<f16>>, tile<128xf16> -> token
    %t5 = store_ptr_tko weak %outq, %q : tile<128xptr<bf16>>, tile<128xbf16> -> token
    %t6 = store_ptr_tko weak %outc, %ci : tile<128xptr<i32>>, tile<128xi32> -> token
    %f = fma %x, %x, %x : tile<128xf16>
    %nb = negf %b : tile<128xbf16>
    %g = fma %b, %b, %nb : tile<128xbf16>
    %t7 = store_ptr_tko weak %outf, %f : tile<128xptr<f16>>, tile<128xf16> -> token
    %t8 = store_ptr_tko weak %outg, %g : tile<128xptr<bf16>>, tile<128xbf16> -> token
    return
  }
}
