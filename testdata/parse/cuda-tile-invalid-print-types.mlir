// RUN: tile-opt %s --verify-diagnostics
// print_tko lists one type per printed value.

cuda_tile.module @m {
  entry @k(%c: tile<i32>) {
    // expected-error@+1 {{'print_tko' prints 2 value(s) but lists 1 type(s)}}
    %t = print_tko "%d %d", %c, %c : tile<i32> -> token
    return
  }
}
