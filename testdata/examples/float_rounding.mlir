// NVIDIA's directed roundings on float arithmetic: 1/3 rounded toward -inf and +inf differ in the
// last bit (0x3EAAAAAA, 0x3EAAAAAB), and so do 1 + 2^-30 toward -inf (1.0) and +inf (the next
// float, 1 + 2^-23). The results are stored as their bits (bitcast to i32).
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); a, b, c: f32[128]; four outputs i32[128].
cuda_tile.module @float_rounding {
  entry @float_rounding(%a: tile<128xptr<f32>>, %b: tile<128xptr<f32>>, %c: tile<128xptr<f32>>, %o1: tile<128xptr<i32>>, %o2: tile<128xptr<i32>>, %o3: tile<128xptr<i32>>, %o4: tile<128xptr<i32>>) {
    %one, %t0 = load_ptr_tko weak %a : tile<128xptr<f32>> -> tile<128xf32>, token
    %three, %t1 = load_ptr_tko weak %b : tile<128xptr<f32>> -> tile<128xf32>, token
    %tiny, %t2 = load_ptr_tko weak %c : tile<128xptr<f32>> -> tile<128xf32>, token
    %dn = divf %one, %three rounding<negative_inf> : tile<128xf32>
    %up = divf %one, %three rounding<positive_inf> : tile<128xf32>
    %sn = addf %one, %tiny rounding<negative_inf> : tile<128xf32>
    %sp = addf %one, %tiny rounding<positive_inf> flush_to_zero : tile<128xf32>
    %b1 = bitcast %dn : tile<128xf32> -> tile<128xi32>
    %b2 = bitcast %up : tile<128xf32> -> tile<128xi32>
    %b3 = bitcast %sn : tile<128xf32> -> tile<128xi32>
    %b4 = bitcast %sp : tile<128xf32> -> tile<128xi32>
    %s1 = store_ptr_tko weak %o1, %b1 : tile<128xptr<i32>>, tile<128xi32> -> token
    %s2 = store_ptr_tko weak %o2, %b2 : tile<128xptr<i32>>, tile<128xi32> -> token
    %s3 = store_ptr_tko weak %o3, %b3 : tile<128xptr<i32>>, tile<128xi32> -> token
    %s4 = store_ptr_tko weak %o4, %b4 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}
