// NVIDIA's cuda_tile ops that tilec declares from NVIDIA's ODS (docs/cuda-tile-ops.md) are
// verified against their declaration before any lowering: operand and result counts, regions,
// terminators, and the presence and kind of their attributes.
// RUN: tile-opt %s --verify-diagnostics

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%x: !cuda_tile.tile<128xf32>, %i: !cuda_tile.tile<128xi32>):
    // expected-error@+1 {{'maxi' requires attribute 'signedness' (an attribute)}}
    %m = "cuda_tile.maxi"(%i, %i) : (!cuda_tile.tile<128xi32>, !cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xi32>
    // expected-error@+1 {{'absf' takes 1 operand, but 2 were given}}
    %a = "cuda_tile.absf"(%x, %x) : (!cuda_tile.tile<128xf32>, !cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xf32>
    // expected-error@+1 {{attribute 'dim' of 'cat' must be an integer, but it is a string}}
    %c = "cuda_tile.cat"(%x, %x) {dim = "0"} : (!cuda_tile.tile<128xf32>, !cuda_tile.tile<128xf32>) -> !cuda_tile.tile<256xf32>
    // expected-error@+1 {{'reduce' takes 1 region, but 0 were given}}
    %r = "cuda_tile.reduce"(%x) {dim = 0 : i32, identities = [0.0 : f32]} : (!cuda_tile.tile<128xf32>) -> !cuda_tile.tile<f32>
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "k"} : () -> ()
}) {sym_name = "m"} : () -> ()
