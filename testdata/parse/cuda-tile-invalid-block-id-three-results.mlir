// RUN: tile-opt %s --verify-diagnostics
// get_tile_block_id yields one dimension (tilec's form, `dim` in the dictionary) or NVIDIA's three
// (x, y, z, without `dim`): two results, or three with a `dim`, are errors.

cuda_tile.module @m {
  entry @k() {
    // expected-error@+1 {{'get_tile_block_id' expected 1 result (with 'dim') or 3 results (x, y, z), but found 2}}
    %x:2 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
    // expected-error@+1 {{'get_num_tile_blocks' the three-result form (x, y, z) takes no 'dim'}}
    %a, %b, %c = get_num_tile_blocks {dim = 1 : i32} : tile<i32>
    return
  }
}
