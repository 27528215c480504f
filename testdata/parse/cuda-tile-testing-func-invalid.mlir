// RUN: tile-opt %s --verify-diagnostics
// A `return` passes exactly its function's result types (none in a kernel); a rounding other than
// the default is not read as if it were.

cuda_tile.module @test {
  testing$func @sum(%a: tile<f32>) -> tile<f32> {
    // expected-error@+1 {{'return' returns (), but its function returns (!cuda_tile.tile<f32>)}}
    return
  }
  entry @k(%a: tile<f32>) {
    // expected-error@+1 {{'return' returns (!cuda_tile.tile<f32>), but its function returns ()}}
    return %a : tile<f32>
  }
}
