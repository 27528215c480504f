// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's rules for mmai (dialects/src/layout_ops.rs): i8 factors, an i32 accumulator of the
// product's shape, each factor's signedness NVIDIA's word.

cuda_tile.module @m {
  entry @k(%a: tile<4x8xi8>, %b: tile<8x2xi8>, %c: tile<4x2xi32>, %f: tile<4x8xf32>, %g: tile<8x2xf32>) {
    %0 = mmai %a, %b, %c signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    // expected-error@+1 {{want [B x] M x K and [B x] K x N i8 tiles and a [B x] M x N i32 accumulator}}
    %1 = mmai %f, %g, %c signed signed : tile<4x8xf32>, tile<8x2xf32>, tile<4x2xi32>
    // expected-error@+1 {{'signedness_rhs' must be #cuda_tile.signedness<signed|unsigned>}}
    %2 = "cuda_tile.mmai"(%a, %b, %c) {signedness_lhs = #cuda_tile.signedness<signed>, signedness_rhs = "x"} : (!cuda_tile.tile<4x8xi8>, !cuda_tile.tile<8x2xi8>, !cuda_tile.tile<4x2xi32>) -> !cuda_tile.tile<4x2xi32>
    return
  }
}
