// NVIDIA's rules for the modifiers of addf, subf, mulf and divf (its messages): the IEEE roundings
// (nearest_even, zero, negative_inf, positive_inf), divf's approx and full on f32 only, and
// flush_to_zero on f32 only. Each bad case is its own kernel.
// RUN: tile-opt %s --verify-diagnostics

cuda_tile.module @approx_add {
  entry @approx_add(%x: tile<f32>) {
    // expected-error@+1 {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %y = addf %x, %x rounding<approx> : tile<f32>
    return
  }
}

cuda_tile.module @full_f64 {
  entry @full_f64(%x: tile<f64>) {
    // expected-error@+1 {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'full'}}
    %y = divf %x, %x rounding<full> : tile<f64>
    return
  }
}

cuda_tile.module @ftz_f64 {
  entry @ftz_f64(%x: tile<f64>) {
    // expected-error@+1 {{flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
    %y = mulf %x, %x flush_to_zero : tile<f64>
    return
  }
}

cuda_tile.module @ok {
  entry @ok(%x: tile<f64>, %z: tile<f32>) {
    %y = divf %x, %x rounding<zero> : tile<f64>
    %w = divf %z, %z rounding<full> flush_to_zero : tile<f32>
    return
  }
}
