// RUN: tile-opt %s --verify-diagnostics
// tilec's get_tile_block_id yields one dimension (NVIDIA's yields three).

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{tilec's 'get_tile_block_id' yields one dimension}}
    %x, %y, %z = get_tile_block_id : tile<i32>
    return
  }
}
