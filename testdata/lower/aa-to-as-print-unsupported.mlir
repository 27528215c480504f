// print_tko's tile operands share one shape (each line prints one element of each): tiles of
// two shapes are a located error, not a silent pairing.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as --verify-diagnostics

cuda_tile.module @m {
  entry @k() {
    %a = iota : tile<8xi32>
    %b = iota : tile<16xi32>
    // expected-error@+1 {{print_tko's tile operands have different shapes}}
    %t = print_tko "%d %d\n", %a, %b : tile<8xi32>, tile<16xi32> -> token
    return
  }
}
