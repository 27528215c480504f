// RUN: tile-opt %s --verify-diagnostics
// An integer constant that does not fit its width.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{integer 300 does not fit in i8}}
    %x = constant <i8: 300> : tile<i8>
    return
  }
}
