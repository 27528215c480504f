// RUN: tile-opt %s --verify-diagnostics
// The element type in `<T: v>` is the tile's element type.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{mismatch between the element type 'f32' and the tile element type 'i32'}}
    %x = constant <f32: 1.0> : tile<4xi32>
    return
  }
}
