// RUN: tile-opt %s --verify-diagnostics
// An overflow flag NVIDIA's ops do not have is an error naming it (the flags are none,
// no_signed_wrap, no_unsigned_wrap and no_wrap: testdata/parse/cuda-tile-overflow-unary.mlir);
// negi has signed semantics and refuses no_unsigned_wrap with NVIDIA's message
// (testdata/parse/cuda-tile-invalid-negi-nuw.mlir).

cuda_tile.module @n {
  testing$func @g(%b: tile<i32>) {
    // expected-error@+1 {{'trunci' has no overflow flag 'wrap'; expected one of: none, no_signed_wrap, no_unsigned_wrap, no_wrap}}
    %t = trunci %b overflow<wrap> : tile<i32> -> tile<i8>
  }
}
