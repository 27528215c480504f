// RUN: tile-opt %s --verify-diagnostics
// An element-wise constant (an array value) has one number of the element type per element
// (dialects/src/common.rs, `check_tile_constant`).

cuda_tile.module @m {
  entry @count() {
    // expected-error@+1 {{'constant' has 3 values for a tile of 4 elements ('!cuda_tile.tile<4xi32>')}}
    %v = "cuda_tile.constant"() {value = [1 : i32, 2 : i32, 3 : i32]} : () -> !cuda_tile.tile<4xi32>
    return
  }
  entry @kind() {
    // expected-error@+1 {{'constant' its values must be numbers of the element type 'f32'}}
    %v = "cuda_tile.constant"() {value = [1 : i32, 2 : i32]} : () -> !cuda_tile.tile<2xf32>
    return
  }
}
