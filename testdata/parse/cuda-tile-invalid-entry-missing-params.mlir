// RUN: tile-opt %s --verify-diagnostics
// An entry writes its parameter list, even when empty.

cuda_tile.module @m {
  // expected-error@+1 {{expected '(' and the kernel parameters; found '{'}}
  entry @k {
    return
  }
}
