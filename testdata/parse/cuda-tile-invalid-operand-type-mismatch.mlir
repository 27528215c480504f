// RUN: tile-opt %s --verify-diagnostics
// The written type of an operand must be the type of its value.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{use of '%one' with type '!cuda_tile.tile<f32>', but it was defined with type '!cuda_tile.tile<i32>'}}
    %t1 = store_ptr_tko weak %p, %one : tile<ptr<i32>>, tile<f32> -> token
    return
  }
}
