// An `entry` at the top level of a file, without `cuda_tile.module` around it, is a cuda_tile
// kernel: NVIDIA's tileirdisasm prints a module's kernels this way (issue 17). Any other bare
// keyword at the top level still needs a prefix (cuda-tile-invalid-custom-op-outside-module.mlir).
// RUN: tilec %s --target sm_90a | FileCheck %s
// RUN: tile-opt %s | FileCheck %s --check-prefix=IR
// CHECK: .visible .entry bump(
// CHECK: atom.release.gpu.global.add.u32
// IR: cuda_tile.entry @bump(%arg0: tile<ptr<i32>>) {
// IR: atomic_rmw_tko release device

entry @bump(%arg0: tile<ptr<i32>>) {
  %one = constant <i32: 1> : tile<i32>
  %old, %t = atomic_rmw_tko release device %arg0, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  return
}

// cuTile's default (empty) optimization hints ask for nothing and are accepted.
// CHECK: .visible .entry hinted(
// IR: cuda_tile.entry @hinted(
entry @hinted(%arg0: tile<ptr<i32>>) optimization_hints=<default = {}> {
  %0 = make_token : token
  return
}
