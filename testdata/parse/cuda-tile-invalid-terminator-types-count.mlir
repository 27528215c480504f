// RUN: tile-opt %s --verify-diagnostics
// A terminator names one type per value.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    %x = loop : tile<i32> {
      // expected-error@+1 {{2 values but 1 type was written}}
      break %one, %one : tile<i32>
    }
    return
  }
}
