// RUN: tile-opt %s --verify-diagnostics
// A type missing its closing '>'.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected '>' to close the type; found '->'}}
    %v, %t1 = load_ptr_tko weak %p : tile<ptr<i32> -> tile<i32>, token
    return
  }
}
