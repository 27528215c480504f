// RUN: tile-opt %s --passes lower-cuda-tile-to-aa --verify-diagnostics
// A generic itof/ftoi with another rounding than NVIDIA allows, or maxi without a signedness
// NVIDIA spells, is a located error of the rewrite (passes/src/lower/cuda_tile_expand.rs).

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%i: !cuda_tile.tile<128xi32>, %f: !cuda_tile.tile<128xf32>):
    // expected-error@+1 {{its rounding_mode must be #cuda_tile.rounding<nearest_even>, the only one NVIDIA allows}}
    %e = "cuda_tile.itof"(%i) {signedness = #cuda_tile.signedness<signed>, rounding_mode = #cuda_tile.rounding<zero>} : (!cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xf32>
    // expected-error@+1 {{its rounding_mode must be #cuda_tile.rounding<nearest_int_to_zero>}}
    %g = "cuda_tile.ftoi"(%f) {signedness = #cuda_tile.signedness<signed>, rounding_mode = #cuda_tile.rounding<nearest_even>} : (!cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xi32>
    // expected-error@+1 {{its signedness must be #cuda_tile.signedness<signed|unsigned>}}
    %a = "cuda_tile.maxi"(%i, %i) {signedness = "signed"} : (!cuda_tile.tile<128xi32>, !cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xi32>
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "k"} : () -> ()
}) {sym_name = "m"} : () -> ()
