// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's non-splat constants: a tilec constant holds one value.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{non-splat constants ([…]) are not supported}}
    %x = constant <i32: [1, 2]> : tile<2xi32>
    return
  }
}
