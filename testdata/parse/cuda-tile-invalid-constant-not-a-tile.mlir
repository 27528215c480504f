// RUN: tile-opt %s --verify-diagnostics
// A constant produces a tile.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'constant' holds a tile (tile<…>), but the type is 'i32'}}
    %x = constant <i32: 1> : i32
    return
  }
}
