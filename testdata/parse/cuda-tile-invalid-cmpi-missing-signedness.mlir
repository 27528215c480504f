// RUN: tile-opt %s --verify-diagnostics
// cmpi ends its operands with the signedness.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{expected ',' and the signedness (signed or unsigned); found ':'}}
    %x = cmpi less_than %one, %one : tile<i32> -> tile<i1>
    return
  }
}
