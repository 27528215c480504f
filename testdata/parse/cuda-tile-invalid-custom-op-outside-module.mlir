// RUN: tile-opt %s --verify-diagnostics
// A bare custom keyword needs an enclosing cuda_tile region (or the `cuda_tile.` prefix).

// expected-error@+1 {{custom op 'make_token' needs a dialect prefix here}}
%t = make_token : token
