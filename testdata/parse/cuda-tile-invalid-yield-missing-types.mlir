// RUN: tile-opt %s --verify-diagnostics
// Values given to a terminator are followed by their types.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    if %c {
      // expected-error@+2 {{expected ':' and the types of the values of 'yield'; found '}'}}
      yield %one
    }
    return
  }
}
