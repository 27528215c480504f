// RUN: tile-opt %s --verify-diagnostics
// The custom syntax reads any keyword pair; the verifier then rejects an illegal one (a release load) at the op.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{'load_ptr_tko' does not accept semantic 'release'}}
    %v, %t1 = load_ptr_tko release device %p : tile<ptr<i32>> -> tile<i32>, token
    return
  }
}
