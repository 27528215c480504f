// RUN: tile-opt %s --verify-diagnostics
// A tile element type that is not a builtin scalar or a pointer.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected an element type (iN, a float type such as f32 or f8E4M3FN, index or ptr<T>); found 'float>'}}
    %x = addi %one, %one : tile<128xfloat>
    return
  }
}
