// RUN: tile-opt %s --verify-diagnostics
// An unknown op keyword inside an entry (the default dialect is cuda_tile).

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{unknown cuda_tile op 'frobnicate'}}
    %x = frobnicate %one : tile<i32>
    return
  }
}
