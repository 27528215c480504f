// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's optional mask (and, on loads, padding) operands: the mask is an i1 tile of the pointer
// tile's shape, the padding a tile like the loaded one; at most those after the op's operands.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>, %m: tile<128xi1>, %z: tile<128xf32>) {
    // expected-error@+1 {{'load_ptr_tko' operand #1 (the mask) must be a tile<128xi1>, but it is '!cuda_tile.tile<i1>'}}
    %v, %t1 = load_ptr_tko weak %f, %c : tile<128xptr<f32>>, tile<i1> -> tile<128xf32>, token
    // expected-error@+1 {{'load_ptr_tko' operand #2 must be a tile<128xf32> matching the pointer tile, but it is '!cuda_tile.tile<i32>'}}
    %w, %t2 = load_ptr_tko weak %f, %m, %one : tile<128xptr<f32>>, tile<128xi1>, tile<i32> -> tile<128xf32>, token
    return
  }
}
