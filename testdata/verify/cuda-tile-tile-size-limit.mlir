// NVIDIA's bound on a tile's size (cuda_tile Types.h: 2^24 elements, verifyTileSize with its
// message), on every op's results and region arguments: a larger tile could never be
// distributed over a CTA's registers either.
// RUN: tile-opt %s --verify-diagnostics

cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %r = reshape %x : tile<f32> -> tile<1x1xf32>
    // Accepted: exactly 2^24 elements.
    %a = broadcast %r : tile<1x1xf32> -> tile<4096x4096xf32>
    // expected-error@+1 {{tile would exceed the maximum of 16777216 elements: '!cuda_tile.tile<1024x1024x1024xf32>'}}
    %b = broadcast %x : tile<f32> -> tile<1024x1024x1024xf32>
    // A count beyond 64 bits is caught too, not wrapped.
    // expected-error@+1 {{tile would exceed the maximum of 16777216 elements}}
    %c = broadcast %r : tile<1x1xf32> -> tile<4294967296x4294967296xf32>
    return
  }
}
