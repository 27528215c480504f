// RUN: tile-opt %s --verify-diagnostics
// A memory op without its ordering keyword: the text requires it, as NVIDIA's does.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected a memory ordering keyword after 'load_ptr_tko' (one of: weak, relaxed, acquire, release, acq_rel, sc); found '%p'}}
    %v, %t1 = load_ptr_tko %p token=%t : tile<ptr<i32>> -> tile<i32>, token
    return
  }
}
