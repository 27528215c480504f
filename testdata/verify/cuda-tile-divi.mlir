// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's divi as tilec keeps it (a directed rounding; dialects/src/cuda_tile/tensor_views.rs,
// `check_divi`): its signedness and rounding must be NVIDIA's words, its tiles integers of one type.

cuda_tile.module @m {
  entry @bad_rounding(%a: tile<i32>) {
    // expected-error@+1 {{'divi' 'rounding' must be #cuda_tile.rounding<negative_inf|positive_inf|zero>}}
    %q = "cuda_tile.divi"(%a, %a) {signedness = #cuda_tile.signedness<signed>, rounding = #cuda_tile.rounding<nearest_even>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
    return
  }
  entry @float_operands(%a: tile<f32>) {
    // expected-error@+1 {{'divi' takes two integer tiles and yields one, all of one type}}
    %q = "cuda_tile.divi"(%a, %a) {signedness = #cuda_tile.signedness<signed>, rounding = #cuda_tile.rounding<negative_inf>} : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
    return
  }
  entry @no_signedness(%a: tile<i32>) {
    // expected-error@+1 {{'divi' requires attribute 'signedness' (an attribute)}}
    %q = "cuda_tile.divi"(%a, %a) {rounding = #cuda_tile.rounding<negative_inf>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
    return
  }
  entry @unsigned_floor(%a: tile<i32>) {
    // expected-error@+1 {{'divi' rounding mode 'negative_inf' is not allowed with 'unsigned' flag}}
    %q = divi %a, %a unsigned rounding<negative_inf> : tile<i32>
    return
  }
}
