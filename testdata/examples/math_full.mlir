// NVIDIA's full-precision math ops on a GPU (passes/src/lower/as_to_ptx/libm): sin, cos, tan,
// sinh, cosh, atan2 and remf of 256 interesting values x (and y), pow of base^expo, and remf of
// the same values widened to f64, sin of f16 values and cosh of bf16 ones (computed in f32);
// every result is checked against the exact value rounded to its type within ulp-scale
// tolerances (math_full.run.toml, written by
// tools/scripts/math_full_reference.py).
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1): two elements per thread.
cuda_tile.module @math_full {
  entry @math_full(%px: tile<256xptr<f32>>, %py: tile<256xptr<f32>>, %pb: tile<256xptr<f32>>, %pe: tile<256xptr<f32>>, %psin: tile<256xptr<f32>>, %pcos: tile<256xptr<f32>>, %ptan: tile<256xptr<f32>>, %psinh: tile<256xptr<f32>>, %pcosh: tile<256xptr<f32>>, %patan2: tile<256xptr<f32>>, %ppow: tile<256xptr<f32>>, %prem: tile<256xptr<f32>>, %prem64: tile<256xptr<f64>>, %pxh: tile<256xptr<f16>>, %pxb: tile<256xptr<bf16>>, %psinh16: tile<256xptr<f16>>, %pcoshb: tile<256xptr<bf16>>) {
    %x, %t0 = load_ptr_tko weak %px : tile<256xptr<f32>> -> tile<256xf32>, token
    %y, %t1 = load_ptr_tko weak %py : tile<256xptr<f32>> -> tile<256xf32>, token
    %b, %t2 = load_ptr_tko weak %pb : tile<256xptr<f32>> -> tile<256xf32>, token
    %e, %t3 = load_ptr_tko weak %pe : tile<256xptr<f32>> -> tile<256xf32>, token
    %s = sin %x : tile<256xf32>
    %t4 = store_ptr_tko weak %psin, %s : tile<256xptr<f32>>, tile<256xf32> -> token
    %c = cos %x : tile<256xf32>
    %t5 = store_ptr_tko weak %pcos, %c : tile<256xptr<f32>>, tile<256xf32> -> token
    %tn = tan %x : tile<256xf32>
    %t6 = store_ptr_tko weak %ptan, %tn : tile<256xptr<f32>>, tile<256xf32> -> token
    %sh = sinh %x : tile<256xf32>
    %t7 = store_ptr_tko weak %psinh, %sh : tile<256xptr<f32>>, tile<256xf32> -> token
    %ch = cosh %x : tile<256xf32>
    %t8 = store_ptr_tko weak %pcosh, %ch : tile<256xptr<f32>>, tile<256xf32> -> token
    %at = atan2 %x, %y : tile<256xf32>
    %t9 = store_ptr_tko weak %patan2, %at : tile<256xptr<f32>>, tile<256xf32> -> token
    %pw = pow %b, %e : tile<256xf32>
    %t10 = store_ptr_tko weak %ppow, %pw : tile<256xptr<f32>>, tile<256xf32> -> token
    %rm = remf %x, %y : tile<256xf32>
    %t11 = store_ptr_tko weak %prem, %rm : tile<256xptr<f32>>, tile<256xf32> -> token
    %xd = ftof %x : tile<256xf32> -> tile<256xf64>
    %yd = ftof %y : tile<256xf32> -> tile<256xf64>
    %rd = remf %xd, %yd : tile<256xf64>
    %t12 = store_ptr_tko weak %prem64, %rd : tile<256xptr<f64>>, tile<256xf64> -> token
    %xh, %t13 = load_ptr_tko weak %pxh : tile<256xptr<f16>> -> tile<256xf16>, token
    %sh16 = sin %xh : tile<256xf16>
    %t14 = store_ptr_tko weak %psinh16, %sh16 : tile<256xptr<f16>>, tile<256xf16> -> token
    %xb, %t15 = load_ptr_tko weak %pxb : tile<256xptr<bf16>> -> tile<256xbf16>, token
    %chb = cosh %xb : tile<256xbf16>
    %t16 = store_ptr_tko weak %pcoshb, %chb : tile<256xptr<bf16>>, tile<256xbf16> -> token
    return
  }
}
