// NVIDIA's maxf/minf modifiers on the GPU, bit for bit: without propagate_nan IEEE 754-2019's
// maximumNumber/minimumNumber (a NaN operand yields the other one; NaN only when both are, and
// then the canonical NaN 0x7FFFFFFF), with it maximum/minimum (the canonical NaN when either is
// NaN); +0.0 is above -0.0; flush_to_zero (f32) treats a subnormal operand as the zero of its
// sign and flushes a subnormal result. f64 has propagate_nan too (max.f64 and a select of the
// canonical NaN 0x7FFFFFFFFFFFFFFF, passes/src/lower/as_to_ptx/flow.rs). Inputs and results
// travel as their bits (i32, i64; bitcast in the kernel), so NaN payloads, zero signs and
// subnormals are compared exactly (maxf_modifiers.run.toml lists every case).
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); a, b: i32[16] (f32 bits); eight outputs
// i32[16]; c, d: i64[16] (f64 bits); three outputs i64[16].
cuda_tile.module @maxf_modifiers {
  entry @maxf_modifiers(%a: tile<16xptr<i32>>, %b: tile<16xptr<i32>>, %max: tile<16xptr<i32>>, %max_nan: tile<16xptr<i32>>, %max_ftz: tile<16xptr<i32>>, %max_ftz_nan: tile<16xptr<i32>>, %min: tile<16xptr<i32>>, %min_nan: tile<16xptr<i32>>, %min_ftz: tile<16xptr<i32>>, %min_ftz_nan: tile<16xptr<i32>>, %c: tile<16xptr<i64>>, %d: tile<16xptr<i64>>, %max64: tile<16xptr<i64>>, %max64_nan: tile<16xptr<i64>>, %min64_nan: tile<16xptr<i64>>) {
    %ai, %t0 = load_ptr_tko weak %a : tile<16xptr<i32>> -> tile<16xi32>, token
    %bi, %t1 = load_ptr_tko weak %b : tile<16xptr<i32>> -> tile<16xi32>, token
    %x = bitcast %ai : tile<16xi32> -> tile<16xf32>
    %y = bitcast %bi : tile<16xi32> -> tile<16xf32>
    %r_max = maxf %x, %y : tile<16xf32>
    %i_max = bitcast %r_max : tile<16xf32> -> tile<16xi32>
    %s_max = store_ptr_tko weak %max, %i_max : tile<16xptr<i32>>, tile<16xi32> -> token
    %r_max_nan = maxf %x, %y propagate_nan : tile<16xf32>
    %i_max_nan = bitcast %r_max_nan : tile<16xf32> -> tile<16xi32>
    %s_max_nan = store_ptr_tko weak %max_nan, %i_max_nan : tile<16xptr<i32>>, tile<16xi32> -> token
    %r_max_ftz = maxf %x, %y flush_to_zero : tile<16xf32>
    %i_max_ftz = bitcast %r_max_ftz : tile<16xf32> -> tile<16xi32>
    %s_max_ftz = store_ptr_tko weak %max_ftz, %i_max_ftz : tile<16xptr<i32>>, tile<16xi32> -> token
    %r_max_ftz_nan = maxf %x, %y flush_to_zero propagate_nan : tile<16xf32>
    %i_max_ftz_nan = bitcast %r_max_ftz_nan : tile<16xf32> -> tile<16xi32>
    %s_max_ftz_nan = store_ptr_tko weak %max_ftz_nan, %i_max_ftz_nan : tile<16xptr<i32>>, tile<16xi32> -> token
    %r_min = minf %x, %y : tile<16xf32>
    %i_min = bitcast %r_min : tile<16xf32> -> tile<16xi32>
    %s_min = store_ptr_tko weak %min, %i_min : tile<16xptr<i32>>, tile<16xi32> -> token
    %r_min_nan = minf %x, %y propagate_nan : tile<16xf32>
    %i_min_nan = bitcast %r_min_nan : tile<16xf32> -> tile<16xi32>
    %s_min_nan = store_ptr_tko weak %min_nan, %i_min_nan : tile<16xptr<i32>>, tile<16xi32> -> token
    %r_min_ftz = minf %x, %y flush_to_zero : tile<16xf32>
    %i_min_ftz = bitcast %r_min_ftz : tile<16xf32> -> tile<16xi32>
    %s_min_ftz = store_ptr_tko weak %min_ftz, %i_min_ftz : tile<16xptr<i32>>, tile<16xi32> -> token
    %r_min_ftz_nan = minf %x, %y flush_to_zero propagate_nan : tile<16xf32>
    %i_min_ftz_nan = bitcast %r_min_ftz_nan : tile<16xf32> -> tile<16xi32>
    %s_min_ftz_nan = store_ptr_tko weak %min_ftz_nan, %i_min_ftz_nan : tile<16xptr<i32>>, tile<16xi32> -> token
    %ci, %t2 = load_ptr_tko weak %c : tile<16xptr<i64>> -> tile<16xi64>, token
    %di, %t3 = load_ptr_tko weak %d : tile<16xptr<i64>> -> tile<16xi64>, token
    %u = bitcast %ci : tile<16xi64> -> tile<16xf64>
    %w = bitcast %di : tile<16xi64> -> tile<16xf64>
    %r_max64 = maxf %u, %w : tile<16xf64>
    %i_max64 = bitcast %r_max64 : tile<16xf64> -> tile<16xi64>
    %s_max64 = store_ptr_tko weak %max64, %i_max64 : tile<16xptr<i64>>, tile<16xi64> -> token
    %r_max64_nan = maxf %u, %w propagate_nan : tile<16xf64>
    %i_max64_nan = bitcast %r_max64_nan : tile<16xf64> -> tile<16xi64>
    %s_max64_nan = store_ptr_tko weak %max64_nan, %i_max64_nan : tile<16xptr<i64>>, tile<16xi64> -> token
    %r_min64_nan = minf %u, %w propagate_nan : tile<16xf64>
    %i_min64_nan = bitcast %r_min64_nan : tile<16xf64> -> tile<16xi64>
    %s_min64_nan = store_ptr_tko weak %min64_nan, %i_min64_nan : tile<16xptr<i64>>, tile<16xi64> -> token
    return
  }
}
