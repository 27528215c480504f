// RUN: tile-opt %s --verify-diagnostics
// An NVIDIA cuda_tile op that tilec's catalog does not have.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'sin' is an NVIDIA cuda_tile op that tilec does not support}}
    %x = sin %one : tile<i32>
    return
  }
}
