// RUN: tile-opt %s --verify-diagnostics
// `tile` without its parameters.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected '<' and the type parameters; found '->'}}
    %v, %t1 = load_ptr_tko weak %p : tile -> tile<i32>, token
    return
  }
}
