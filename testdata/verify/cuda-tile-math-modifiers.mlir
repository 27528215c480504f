// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's math modifiers (dialects/src/cuda_tile/rules.rs, check_math_modifiers): the roundings
// each op takes, `approx` and `flush_to_zero` on f32 only; its math ops without a lowering take
// float tiles (check_float_operands).
cuda_tile.module @m {
  testing$func @f(%h: !cuda_tile.tile<4xf16>, %d: !cuda_tile.tile<4xf64>, %s: !cuda_tile.tile<4xf32>, %i: !cuda_tile.tile<4xi32>) {
    // expected-error@+1 {{approx modifier only supported for f32 data type, but got: 'f16'}}
    %0 = exp %h rounding<approx> : tile<4xf16>
    // expected-error@+1 {{flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
    %1 = sqrt %d rounding<nearest_even> flush_to_zero : tile<4xf64>
    // expected-error@+1 {{custom op 'cuda_tile.fma' expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %2 = fma %s, %s, %s rounding<approx> : tile<4xf32>
    // expected-error@+1 {{op invalid rounding mode specified, expect one of [approx, full]}}
    %3 = tanh %s rounding<nearest_even> : tile<4xf32>
    // expected-error@+1 {{op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xi32>'}}
    %4 = cos %i : tile<4xi32>
    %5 = sqrt %s rounding<zero> flush_to_zero : tile<4xf32>
    %6 = pow %s, %s : tile<4xf32>
    %7 = atan2 %d, %d : tile<4xf64>
    return
  }
}
