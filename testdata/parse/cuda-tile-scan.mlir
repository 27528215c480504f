// RUN: tile-opt %s | tile-opt - | FileCheck %s
// NVIDIA's scan syntax (dialects/src/cuda_tile/syntax/reduce.rs): reduce's, with
// `reverse=true|false` after `dim`.

cuda_tile.module @m {
  entry @k(%a: tile<8x64xf32>) {
    // CHECK: scan %{{.*}} dim=1 reverse=true identities=[0.0 : f32] : tile<8x64xf32> -> tile<8x64xf32> (%{{.*}}: tile<f32>, %{{.*}}: tile<f32>) {
    // CHECK-NEXT: addf
    // CHECK-NEXT: yield
    %s = scan %a dim=1 reverse=true identities=[0.000000e+0 : f32] : tile<8x64xf32> -> tile<8x64xf32>
    (%x: !cuda_tile.tile<f32>, %acc: !cuda_tile.tile<f32>) {
      %y = addf %x, %acc : tile<f32>
      yield %y : tile<f32>
    }
    return
  }
}
