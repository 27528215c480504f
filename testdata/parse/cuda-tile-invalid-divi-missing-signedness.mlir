// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's divi names its signedness (signed divides as tilec's divsi).

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected signedness (one of: signed, unsigned); found ':'}}
    %x = divi %one, %one : tile<i32>
    return
  }
}
