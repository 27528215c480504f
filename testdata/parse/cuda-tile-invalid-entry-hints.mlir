// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's optimization hints on an entry: empty ones (cuTile's `<default = {}>`) are accepted
// (cuda-tile-top-level-entry.mlir); a hint tilec does not implement is an error naming its target,
// never dropped.

cuda_tile.module @m {
  // expected-error@+1 {{NVIDIA's optimization hints for 'sm_90' are not supported by tilec yet; only empty hints (`sm_90 = {}`) are accepted}}
  entry @k(%p: tile<ptr<i32>>) optimization_hints=<default = {}, sm_90 = {num_cta_in_cga = 2}> {
    return
  }
}
