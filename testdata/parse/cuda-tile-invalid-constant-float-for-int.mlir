// RUN: tile-opt %s --verify-diagnostics
// An integer constant written with a float literal.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected an integer value for 'i32'}}
    %x = constant <i32: 1.5> : tile<i32>
    return
  }
}
