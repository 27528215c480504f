// RUN: tile-opt %s --verify-diagnostics
// An NVIDIA cuda_tile op whose custom syntax tilec does not read (it is written in the generic
// form; docs/cuda-tile-ops.md).

cuda_tile.module @m {
  entry @k(%i: tile<i64>) {
    // expected-error@+1 {{'int_to_ptr' is an NVIDIA cuda_tile op that tilec does not support}}
    %x = int_to_ptr %i : tile<i64> -> tile<ptr<f32>>
    return
  }
}
