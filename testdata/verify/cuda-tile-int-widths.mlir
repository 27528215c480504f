// RUN: tile-opt %s --verify-diagnostics
// Integer arithmetic takes NVIDIA's integer element types only: i1, i8, i16, i32, i64
// (dialects/src/common.rs, check_number_kind).

cuda_tile.module @m {
  entry @k(%a: tile<2x4xi4>, %b: tile<2x4xi8>) {
    // expected-error@+1 {{operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but it is '!cuda_tile.tile<2x4xi4>'}}
    %0 = addi %a, %a : tile<2x4xi4>
    %1 = addi %b, %b : tile<2x4xi8>
    return
  }
}
