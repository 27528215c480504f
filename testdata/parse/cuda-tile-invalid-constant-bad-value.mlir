// RUN: tile-opt %s --verify-diagnostics
// A constant whose value is not a number.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected a constant value (an integer, a float, a hexadecimal bit pattern, true or false); found 'x>'}}
    %x = constant <i32: x> : tile<i32>
    return
  }
}
