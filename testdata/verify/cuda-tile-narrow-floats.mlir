// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's rules for the narrow float types (dialects/src/narrow_floats.rs, conversions.rs):
// arithmetic and math take f16, bf16, f32 and f64 only; f4E2M1FN tiles have an even number of
// elements and cannot be selected from; ftof toward f8E8M0FNU rounds toward zero or +inf and
// every other ftof to nearest even; no itof to f8E8M0FNU; mmaf's factor and accumulator table.

cuda_tile.module @m {
  testing$func @arith(%a: tile<4xf8E5M2>, %t: tile<4xtf32>, %c: tile<4xi1>, %q: tile<4xf4E2M1FN>) {
    // expected-error@+1 {{'addf' operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xf8E5M2>'}}
    %0 = addf %a, %a : tile<4xf8E5M2>
    // expected-error@+1 {{'absf' result must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xtf32>'}}
    %1 = absf %t : tile<4xtf32>
    // expected-error@+1 {{'cmpf' operand #0 must be tile of f16 or bf16 or f32 or f64 values}}
    %2 = cmpf less_than ordered %t, %t : tile<4xtf32> -> tile<4xi1>
    // expected-error@+1 {{'select' cannot operate on sub-byte type F4E2M1FN}}
    %3 = select %c, %q, %q : tile<4xi1>, tile<4xf4E2M1FN>
    return
  }

  // expected-error@+1 {{'testing$func' F4E2M1FN tiles must have an even number of elements, but '!cuda_tile.tile<3x3xf4E2M1FN>' has 9}}
  testing$func @odd(%q: tile<3x3xf4E2M1FN>) {
    return
  }

  testing$func @conversions(%f: tile<2xf32>, %i: tile<2xi8>) {
    // expected-error@+1 {{invalid rounding mode 'nearest_even' for conversion to f8E8M0FNU: only 'zero' and 'positive_inf' are supported}}
    %0 = ftof %f : tile<2xf32> -> tile<2xf8E8M0FNU>
    // expected-error@+1 {{invalid rounding mode 'zero' here: only 'nearest_even' is supported}}
    %1 = ftof %f rounding<zero> : tile<2xf32> -> tile<2xf8E4M3FN>
    // expected-error@+1 {{integer to f8E8M0FNU conversion is not supported, please first convert to another float type}}
    %2 = itof %i signed : tile<2xi8> -> tile<2xf8E8M0FNU>
    // expected-error@+1 {{reinterprets bits of one width, but 'f32' and 'tf32' differ}}
    %3 = bitcast %f : tile<2xf32> -> tile<2xtf32>
    return
  }

  testing$func @mma(%e4: tile<2x2xf8E4M3FN>, %e5: tile<2x2xf8E5M2>, %t: tile<2x2xtf32>, %s: tile<2x2xf8E8M0FNU>,
                    %f16: tile<2x2xf16>, %f32: tile<2x2xf32>, %f64: tile<2x2xf64>) {
    // expected-error@+1 {{want [B x] M x K and [B x] K x N tiles of one float type}}
    %0 = mmaf %e4, %e5, %f32 : tile<2x2xf8E4M3FN>, tile<2x2xf8E5M2>, tile<2x2xf32>
    // expected-error@+1 {{'f8E4M3FN' factors accumulate into 'f16' or 'f32', not 'f64'}}
    %1 = mmaf %e4, %e4, %f64 : tile<2x2xf8E4M3FN>, tile<2x2xf8E4M3FN>, tile<2x2xf64>
    // expected-error@+1 {{'tf32' factors accumulate into 'f32', not 'f16'}}
    %2 = mmaf %t, %t, %f16 : tile<2x2xtf32>, tile<2x2xtf32>, tile<2x2xf16>
    // expected-error@+1 {{operand #2 must be mmaf acc/result tile type of f16 or f32 or f64 values, but got '!cuda_tile.tile<2x2xtf32>'}}
    %3 = mmaf %t, %t, %t : tile<2x2xtf32>, tile<2x2xtf32>, tile<2x2xtf32>
    // expected-error@+1 {{operand #0 must be mmaf operand tile type of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 values, but got '!cuda_tile.tile<2x2xf8E8M0FNU>'}}
    %4 = mmaf %s, %s, %f32 : tile<2x2xf8E8M0FNU>, tile<2x2xf8E8M0FNU>, tile<2x2xf32>
    return
  }
}
