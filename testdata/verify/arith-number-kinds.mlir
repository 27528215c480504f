// Integer ops take integers and float ops floats (MLIR arith): `andi`, `shli` or `addi` on a float
// tile used to reach the PTX printer as `and.f32` / `shl.f32`, which PTX does not have.
// RUN: tile-opt %s --verify-diagnostics

cuda_tile.module @m {
  entry @k(%x: tile<f32>, %n: tile<i32>) {
    // expected-error@+1 {{'andi' takes integer operands, but they are '!cuda_tile.tile<f32>'}}
    %a = andi %x, %x : tile<f32>
    // expected-error@+1 {{'shli' takes integer operands, but they are '!cuda_tile.tile<f32>'}}
    %b = shli %x, %x : tile<f32>
    // expected-error@+1 {{'addf' takes float operands, but they are '!cuda_tile.tile<i32>'}}
    %c = addf %n, %n : tile<i32>
    // Accepted.
    %d = addi %n, %n : tile<i32>
    %e = mulf %x, %x : tile<f32>
    return
  }
}
