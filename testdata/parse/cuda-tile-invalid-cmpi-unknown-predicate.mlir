// RUN: tile-opt %s --verify-diagnostics
// cmpi takes NVIDIA's predicate keywords, not MLIR's `slt`.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{unknown comparison predicate 'slt'; expected one of: equal, not_equal, less_than, less_than_or_equal, greater_than, greater_than_or_equal}}
    %x = cmpi slt %one, %one, signed : tile<i32> -> tile<i1>
    return
  }
}
