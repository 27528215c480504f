// RUN: tile-opt %s --verify-diagnostics
// A store takes at most one optional operand (the mask) after the pointer and the value.

cuda_tile.module @m {
  entry @k(%f: tile<128xptr<f32>>, %m: tile<128xi1>, %z: tile<128xf32>) {
    // expected-error@+1 {{'store_ptr_tko' takes at most a mask after its operands}}
    %t3 = store_ptr_tko weak %f, %z, %m, %m : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    return
  }
}
