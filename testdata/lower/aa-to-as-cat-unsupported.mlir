// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as --verify-diagnostics
// cat whose elements would move between threads is not lowered yet: a located error.

cuda_tile.module @m {
  entry @columns(%p: tile<4x64xptr<f32>>) {
    %v, %t = load_ptr_tko weak %p : tile<4x64xptr<f32>> -> tile<4x64xf32>, token
    // expected-error@+1 {{cannot compile 'cuda_tile.cat' yet: concatenating along a dimension with outer dimensions above 1 is not supported yet}}
    %c = cat %v, %v dim = 1 : tile<4x64xf32>, tile<4x64xf32> -> tile<4x128xf32>
    return
  }
  entry @unaligned(%p: tile<100xptr<f32>>) {
    %v, %t = load_ptr_tko weak %p : tile<100xptr<f32>> -> tile<100xf32>, token
    // expected-error@+1 {{cannot compile 'cuda_tile.cat' yet: the second operand's elements are owned by other threads than the result's (a shared-memory exchange this lowering does not do)}}
    %c = cat %v, %v dim = 0 : tile<100xf32>, tile<100xf32> -> tile<200xf32>
    return
  }
}
