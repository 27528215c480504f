// RUN: tile-opt %s --verify-diagnostics
// loop iter_values(…) is followed by ':' and the loop-carried types.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected ':' and the loop-carried types; found '{'}}
    loop iter_values(%x = %one) {
      continue %x : tile<i32>
    }
    return
  }
}
