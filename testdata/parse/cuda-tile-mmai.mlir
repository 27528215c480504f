// RUN: tile-opt %s | tile-opt - | FileCheck %s
// NVIDIA's mmai syntax: the two factors' signedness after the operands
// (dialects/src/cuda_tile/syntax/compute.rs).

cuda_tile.module @m {
  entry @k(%a: tile<2x4x8xi8>, %b: tile<2x8x2xi8>, %c: tile<2x4x2xi32>) {
    // CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} unsigned signed : tile<2x4x8xi8>, tile<2x8x2xi8>, tile<2x4x2xi32>
    %0 = mmai %a, %b, %c unsigned signed : tile<2x4x8xi8>, tile<2x8x2xi8>, tile<2x4x2xi32>
    return
  }
}
