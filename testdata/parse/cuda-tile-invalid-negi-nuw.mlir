// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's NegIOp::verify: negation has signed semantics, so `overflow<no_unsigned_wrap>` on negi
// is an error (NVIDIA's invalid.mlir, with its message).

cuda_tile.module @n {
  testing$func @g(%a: tile<i16>) {
    // expected-error@+1 {{'cuda_tile.negi' op 'no_unsigned_wrap' overflow flag is not supported}}
    %n = negi %a overflow<no_unsigned_wrap> : tile<i16>
  }
}
