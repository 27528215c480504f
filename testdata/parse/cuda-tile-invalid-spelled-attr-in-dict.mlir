// RUN: tile-opt %s --verify-diagnostics
// An attribute the syntax spells cannot also appear in the dictionary.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{attribute 'mem_semantic' is written by the syntax of 'load_ptr_tko' and cannot also be in its attribute dictionary}}
    %v, %t1 = load_ptr_tko weak %p {mem_semantic = #mem.sem<acquire>} : tile<ptr<i32>> -> tile<i32>, token
    return
  }
}
