// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's rules for global and get_global (dialects/src/layout_ops.rs): a rank-1 global; a 0-d
// pointer tile to the element type of a global of the enclosing module.

cuda_tile.module @m {
  global @g1 <f16: [1.0, 2.0]> : tile<2xf16>
  // expected-error@+1 {{type must have rank 1}}
  global @g2 <f16: [[1.0, 2.0]]> : tile<1x2xf16>
  entry @k() {
    %ok = get_global @g1 : tile<ptr<f16>>
    // expected-error@+1 {{pointee type of result type '!cuda_tile.ptr<f32>' does not match type 'f16' of the global @g1}}
    %0 = get_global @g1 : tile<ptr<f32>>
    // expected-error@+1 {{'g3' does not reference a valid global}}
    %1 = get_global @g3 : tile<ptr<f32>>
    // expected-error@+1 {{result #0 must be 0D tile of Pointer type values, but got '!cuda_tile.tile<4x!cuda_tile.ptr<f32>>'}}
    %2 = get_global @g1 : tile<4xptr<f32>>
    return
  }
}
