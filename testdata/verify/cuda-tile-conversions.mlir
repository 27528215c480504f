// RUN: tile-opt %s --verify-diagnostics
// The conversions' verifier rules (dialects/src/conversions.rs, NVIDIA's Ops.td): one shape on
// both sides; itof integer → float, ftoi float → integer, ftof between two different float
// types rounding to nearest even (toward f8E8M0FNU: zero or positive_inf), bitcast between types of one width; absi on integers. The
// integers are NVIDIA's: i1, i8, i16, i32, i64.

cuda_tile.module @m {
  entry @k(%i: tile<4xi32>, %f: tile<4xf32>, %h: tile<4xf16>, %d: tile<4xf64>) {
    // expected-error@+1 {{converts integer elements to float elements, not 'f32' to 'f32'}}
    %a = "cuda_tile.sitofp"(%f) : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
    // expected-error@+1 {{converts float elements to integer elements, not 'i32' to 'i32'}}
    %b = "cuda_tile.fptoui"(%i) : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
    // expected-error@+1 {{must have one shape}}
    %c = ftof %f : tile<4xf32> -> tile<2xf64>
    // expected-error@+1 {{converts between two different float types}}
    %e = ftof %f : tile<4xf32> -> tile<4xf32>
    // expected-error@+1 {{invalid rounding mode 'zero' here: only 'nearest_even' is supported}}
    %g = "cuda_tile.ftof"(%f) {rounding_mode = #cuda_tile.rounding<zero>} : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf64>
    // expected-error@+1 {{reinterprets bits of one width, but 'f16' and 'i32' differ}}
    %j = bitcast %h : tile<4xf16> -> tile<4xi32>
    // expected-error@+1 {{converts float elements to integer elements, not 'f32' to 'i4'}}
    %l = ftoi %f signed : tile<4xf32> -> tile<4xi4>
    // expected-error@+1 {{'absi' takes integer operands, but it is '!cuda_tile.tile<4xf32>'}}
    %k = absi %f : tile<4xf32>
    return
  }
}
