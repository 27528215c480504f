// RUN: tile-opt %s --verify-diagnostics
// A bare custom keyword needs an enclosing cuda_tile region (or the `cuda_tile.` prefix); only
// `entry` may stand bare at the top level (cuda-tile-top-level-entry.mlir).

// expected-error@+1 {{custom op 'make_token' needs a dialect prefix here}}
%t = make_token : token
