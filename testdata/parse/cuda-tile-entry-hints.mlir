// RUN: tile-opt %s --verify-diagnostics
// RUN: tile-opt %s 2>/dev/null | FileCheck %s
// RUN: not tile-opt %s --Werror 2>&1 | FileCheck %s --check-prefix=WERROR
// NVIDIA's entry optimization hints (dialects/src/cuda_tile/hints.rs): kept and printed back,
// checked as NVIDIA's -Wunsupported-hints checks them (warnings; --Werror makes them errors),
// never acted on (they ask for performance choices only). Empty hints are dropped.
cuda_tile.module @m {
  // CHECK: entry @ok(%arg0: tile<ptr<f32>>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}> {
  entry @ok(%p: tile<ptr<f32>>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}> {
    return
  }
  // CHECK: entry @empty(%arg{{[0-9]+}}: tile<ptr<f32>>) {
  entry @empty(%p: tile<ptr<f32>>) optimization_hints=<default = {}> {
    return
  }
  // expected-warning@+1 {{unknown hint key sm_100a}}
  entry @target(%p: tile<ptr<f32>>) optimization_hints=<sm_100a = {num_cta_in_cga = 2}> {
    return
  }
  // expected-warning@+1 {{expected power-of-two ≤ 16 for sm_100.num_cta_in_cga}}
  entry @value(%p: tile<ptr<f32>>) optimization_hints=<sm_100 = {num_cta_in_cga = 7}> {
    return
  }
  // expected-warning@+1 {{integer value in the range [1, 32] is expected for sm_100.occupancy}}
  entry @range(%p: tile<ptr<f32>>) optimization_hints=<sm_100 = {occupancy = 64}> {
    return
  }
  // expected-warning@+1 {{num_qqq is not known hint for current Operation}}
  entry @key(%p: tile<ptr<f32>>) optimization_hints=<sm_100 = {num_qqq = 1}> {
    return
  }
}
// WERROR: cuda-tile-entry-hints.mlir:17:3: error: unknown hint key sm_100a
