// NVIDIA's print_tko (cuTile's ct.printf / ct.print) on the GPU: a 0-d print once (by the
// elected thread), a tile print once per element (by the thread that owns it), with the 0-d
// operands repeated; integers, f32 (printed as the f64 C's varargs make of it), an i64 and a
// negative i8 (sign-extended).
// The kernel also bumps a counter so the run spec has a result to check.
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); counter: i32[1].
cuda_tile.module @printf {
  entry @printf(%counter: tile<ptr<i32>>) {
    %c = constant <i32: 42> : tile<i32>
    %f = constant <f32: 1.5> : tile<f32>
    %w = constant <i64: 12345678901> : tile<i64>
    %b = constant <i8: -5> : tile<i8>
    %t0 = print_tko "tilec printf: %d %.2f %lld %d\n", %c, %f, %w, %b : tile<i32>, tile<f32>, tile<i64>, tile<i8> -> token
    %i = iota : tile<4xi32>
    %t1 = print_tko "tilec element %d of 4, c=%d\n", %i, %c : tile<4xi32>, tile<i32> -> token
    %one = constant <i32: 1> : tile<i32>
    %old, %t2 = atomic_rmw_tko relaxed device %counter, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
