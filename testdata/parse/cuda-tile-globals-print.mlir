// RUN: tile-opt %s | tile-opt - | FileCheck %s
// NVIDIA's module-level globals, get_global and print_tko in its syntax
// (dialects/src/cuda_tile/syntax/globals.rs): read, verified and printed back. The lowering
// rejects them (cuda-tile-to-aa-unsupported.mlir, docs/cuda-tile-ops.md).

// CHECK: global @exitval alignment = 4 <i32: 0> : tile<1xi32>
// CHECK: global private constant @g2 alignment = 256 <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
// CHECK: get_global @exitval : tile<ptr<i32>>
// CHECK: print_tko "%d", %{{.*}} : tile<i32> -> token
// CHECK: print_tko "hi" token=%{{.*}} -> token
cuda_tile.module @m {
  global @exitval alignment = 4 <i32: 0> : tile<1xi32>
  global private constant @g2 alignment = 256 <f32: [1.0, 2.0]> : !cuda_tile.tile<2xf32>
  entry @k() {
    %p = get_global @exitval : tile<ptr<i32>>
    %c = constant <i32: 7> : tile<i32>
    %t = print_tko "%d", %c : tile<i32> -> token
    %t2 = print "hi" token=%t -> token
    return
  }
}
