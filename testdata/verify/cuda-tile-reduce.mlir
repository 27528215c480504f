// RUN: tile-opt %s --verify-diagnostics
// reduce: results of the inputs' shape less dimension `dim`, one identity per input, a body of
// (element, accumulator) 0-d pairs of each input's element type yielding one such value per
// input, only pure ops in the body (the cases of NVIDIA's reduce_and_scan_invalid.mlir).

cuda_tile.module @m {
  entry @k(%x: tile<8x64xf32>) {
    // expected-error@+1 {{'reduce' input #0 and result #0 must be a tile of the inputs' shape and that shape without dimension 1, of one element type}}
    %a = reduce %x dim=1 identities=[0.0 : f32] : tile<8x64xf32> -> tile<64xf32> (%e: tile<f32>, %acc: tile<f32>) {
      %s = addf %e, %acc : tile<f32>
      yield %s : tile<f32>
    }
    // expected-error@+1 {{'reduce' 'dim' is 2, but the inputs have rank 2}}
    %b = reduce %x dim=2 identities=[0.0 : f32] : tile<8x64xf32> -> tile<8xf32> (%e: tile<f32>, %acc: tile<f32>) {
      %s = addf %e, %acc : tile<f32>
      yield %s : tile<f32>
    }
    // expected-error@+1 {{'reduce' 'identities' must be an array of 1 value(s), one per input}}
    %c = reduce %x dim=0 identities=[0.0 : f32, 1.0 : f32] : tile<8x64xf32> -> tile<64xf32> (%e: tile<f32>, %acc: tile<f32>) {
      %s = addf %e, %acc : tile<f32>
      yield %s : tile<f32>
    }
    // expected-error@+1 {{'reduce' identity #0 must be a number of input #0's element type}}
    %d = reduce %x dim=0 identities=[0 : i32] : tile<8x64xf32> -> tile<64xf32> (%e: tile<f32>, %acc: tile<f32>) {
      %s = addf %e, %acc : tile<f32>
      yield %s : tile<f32>
    }
    // expected-error@+1 {{'reduce' its body takes 2 0-d tiles: an element and an accumulator of each input's element type}}
    %f = reduce %x dim=0 identities=[0.0 : f32] : tile<8x64xf32> -> tile<64xf32> (%e: tile<i32>, %acc: tile<i32>) {
      %s = addi %e, %acc : tile<i32>
      %z = constant <f32: 0.0> : tile<f32>
      yield %z : tile<f32>
    }
    // expected-error@+1 {{'reduce' its body yields 0 value(s), but must yield a 0-d tile of each input's element type (1)}}
    %g = reduce %x dim=0 identities=[0.0 : f32] : tile<8x64xf32> -> tile<64xf32> (%e: tile<f32>, %acc: tile<f32>) {
      yield
    }
    return
  }
}
