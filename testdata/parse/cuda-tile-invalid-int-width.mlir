// RUN: tile-opt %s --verify-diagnostics
// Integer element widths are 1 to 128.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{integer type 'i0' must have a width between 1 and 128}}
    %x = constant <i32: 1> : tile<4xi0>
    return
  }
}
