// RUN: tile-opt %s --verify-diagnostics
// The trailing types are required.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected ':' and the types of 'load_ptr_tko' (the pointer tile); found '->'}}
    %v, %t1 = load_ptr_tko weak %p token=%t -> tile<i32>, token
    return
  }
}
