// RUN: tile-opt %s --verify-diagnostics
// An entry body that is never closed.

cuda_tile.module @m {
  // expected-note@+1 {{the region opened here}}
  entry @k() {
    %t = make_token : token
// expected-error@+1 {{unexpected end of file: expected '}' to close a region}}
