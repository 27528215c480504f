// RUN: tile-opt %s --verify-diagnostics
// A load defines two results (value and token); one name was given.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'cuda_tile.load_ptr_tko' defines 2 results but 1 name was given}}
    %v = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
    return
  }
}
