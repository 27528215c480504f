// RUN: tile-opt %s --verify-diagnostics
// scan's rules (dialects/src/common.rs, check_reduce): results of the inputs' shape, one
// identity of the input's element type, a body of (element, accumulator) 0-d tiles.

cuda_tile.module @m {
  entry @shape(%a: tile<8x64xf32>) {
    // expected-error@+1 {{input #0 and result #0 must be tiles of the inputs' shape, of one element type}}
    %s = scan %a dim=1 reverse=false identities=[0.0 : f32] : tile<8x64xf32> -> tile<8xf32>
    (%x: tile<f32>, %acc: tile<f32>) {
      %y = addf %x, %acc : tile<f32>
      yield %y : tile<f32>
    }
    return
  }
  entry @identity(%a: tile<64xf32>) {
    // expected-error@+1 {{identity #0 must be a number of input #0's element type}}
    %s = scan %a dim=0 reverse=false identities=[0 : i32] : tile<64xf32> -> tile<64xf32>
    (%x: tile<f32>, %acc: tile<f32>) {
      %y = addf %x, %acc : tile<f32>
      yield %y : tile<f32>
    }
    return
  }
}
