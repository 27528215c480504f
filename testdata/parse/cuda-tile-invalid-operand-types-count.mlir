// RUN: tile-opt %s --verify-diagnostics
// A load names one type (the pointer tile) before '->'; NVIDIA's mask type is not supported.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'load_ptr_tko' takes 1 type here (the pointer tile), but 2 were written}}
    %v, %t1 = load_ptr_tko weak %p : tile<ptr<i32>>, tile<i1> -> tile<i32>, token
    return
  }
}
