// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s
// NVIDIA's generic maxi/mini/remi/shri/itof/ftoi carry their signedness (and itof/ftoi their
// one rounding) as attributes; lower-cuda-tile-to-aa renames each to tilec's op of that
// signedness first (passes/src/lower/cuda_tile_expand.rs, `by_signedness`), the op the custom
// syntax reads `maxi … signed` as.

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%i: !cuda_tile.tile<128xi32>, %f: !cuda_tile.tile<128xf32>):
    // CHECK: nv_tileaa.maxsi
    %a = "cuda_tile.maxi"(%i, %i) {signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<128xi32>, !cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xi32>
    // CHECK: nv_tileaa.minui
    %b = "cuda_tile.mini"(%a, %i) {signedness = #cuda_tile.signedness<unsigned>} : (!cuda_tile.tile<128xi32>, !cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xi32>
    // CHECK: nv_tileaa.remsi
    %c = "cuda_tile.remi"(%b, %i) {signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<128xi32>, !cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xi32>
    // CHECK: nv_tileaa.shrui
    %d = "cuda_tile.shri"(%c, %i) {signedness = #cuda_tile.signedness<unsigned>} : (!cuda_tile.tile<128xi32>, !cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xi32>
    // CHECK: nv_tileaa.uitofp
    // CHECK-NOT: rounding
    %e = "cuda_tile.itof"(%d) {signedness = #cuda_tile.signedness<unsigned>, rounding_mode = #cuda_tile.rounding<nearest_even>} : (!cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xf32>
    // CHECK: nv_tileaa.fptosi
    %g = "cuda_tile.ftoi"(%e) {signedness = #cuda_tile.signedness<signed>, rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>} : (!cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xi32>
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "k"} : () -> ()
}) {sym_name = "m"} : () -> ()
