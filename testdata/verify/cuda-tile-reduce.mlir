// RUN: tile-opt %s --verify-diagnostics
// reduce: results of the inputs' shape less dimension `dim`, one identity per input, a body of
// (element, accumulator) 0-d pairs.

cuda_tile.module @m {
  entry @k(%x: tile<8x64xf32>) {
    // expected-error@+1 {{'reduce' input #0 and result #0 must be a tile of the inputs' shape and that shape without dimension 1, of one element type}}
    %a = reduce %x dim=1 identities=[0.0 : f32] : tile<8x64xf32> -> tile<64xf32> (%e: tile<f32>, %c: tile<f32>) {
      %s = addf %e, %c : tile<f32>
      yield %s : tile<f32>
    }
    // expected-error@+1 {{'reduce' 'dim' is 2, but the inputs have rank 2}}
    %b = reduce %x dim=2 identities=[0.0 : f32] : tile<8x64xf32> -> tile<8xf32> (%e: tile<f32>, %c: tile<f32>) {
      %s = addf %e, %c : tile<f32>
      yield %s : tile<f32>
    }
    // expected-error@+1 {{'reduce' 'identities' must be an array of 1 value(s), one per input}}
    %c = reduce %x dim=0 identities=[0.0 : f32, 1.0 : f32] : tile<8x64xf32> -> tile<64xf32> (%e: tile<f32>, %c: tile<f32>) {
      %s = addf %e, %c : tile<f32>
      yield %s : tile<f32>
    }
    return
  }
}
