// RUN: tile-opt %s --passes verify-nvidia --verify-diagnostics
// `tilec --pedantic` (the verify-nvidia pass, dialects/src/cuda_tile/nvidia_strict.rs): tilec's
// extensions of cuda_tile, which tilec compiles and NVIDIA's verifier rejects, are errors, with
// NVIDIA's messages where its verifier has one. `@nvidia` uses none of them and passes.

cuda_tile.module @m {
  entry @nvidia(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<16xi32>
    %c = cmpi less_than %i, %i, signed : tile<16xi32> -> tile<16xi1>
    %s = select %c, %i, %i : tile<16xi1>, tile<16xi32>
    %one = constant <i32: 1> : tile<i32>
    %old, %t1 = atomic_rmw_tko acq_rel device %p, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %t2 = store_ptr_tko release sys %p, %n token = %t1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // expected-error@+1 {{'entry' entry op must have scalar types (rank 0 !cuda_tile.tile)}}
  entry @pointer_tile(%p: tile<16xptr<i32>>) {
    return
  }

  // expected-error@+1 {{'entry' attribute 'num_threads' is a tilec extension (NVIDIA's entry has none)}}
  entry @threads(%p: tile<ptr<i32>>) attributes {num_threads = 256 : i32} {
    return
  }

  entry @extensions(%p: tile<ptr<i32>>, %q: tile<ptr<f32>>) {
    // expected-error@+1 {{'iota' expects result type to be 1-d tile}}
    %i2 = iota : tile<4x4xi32>
    // expected-error@+1 {{'iota' all dimensions must be powers of two, got 12}}
    %i3 = iota : tile<12xi32>
    %a = iota : tile<16xi32>
    %cond = constant <i1: true> : tile<i1>
    // expected-error@+1 {{'select' op failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape}}
    %s = select %cond, %a, %a : tile<i1>, tile<16xi32>
    // expected-error@+1 {{'get_tile_block_id' op result #0 must be 0D tile of i32 values, but got '!cuda_tile.tile<i64>'}}
    %b = get_tile_block_id : tile<i64>
    %t0 = make_token : token
    // expected-error@+1 {{'fence_tko' is not an op of NVIDIA's cuda_tile dialect (a tilec extension)}}
    %t1 = fence_tko release device token = %t0 : token
    %one = constant <i32: 1> : tile<i32>
    // expected-error@+1 {{'store_ptr_tko' semantic 'sc' is a tilec extension (NVIDIA's orders end at acq_rel)}}
    %t2 = store_ptr_tko sc device %p, %one : tile<ptr<i32>>, tile<i32> -> token
    // expected-error@+1 {{'store_ptr_tko' scope 'cluster' is a tilec extension (NVIDIA's scopes: tl_blk, device, sys)}}
    %t3 = store_ptr_tko release cluster %p, %one : tile<ptr<i32>>, tile<i32> -> token
    // expected-error@+1 {{'atomic_rmw_tko' atomic mode 'inc' is a tilec extension}}
    %o, %t4 = atomic_rmw_tko relaxed device %p, inc, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %v, %t5 = load_ptr_tko weak %q : tile<ptr<f32>> -> tile<f32>, token
    // expected-error@+1 {{'store_ptr_tko' attribute 'streaming' is a tilec extension (a cache hint)}}
    %t6 = "cuda_tile.store_ptr_tko"(%q, %v) {mem_semantic = #mem.sem<weak>, streaming} : (!cuda_tile.tile<!cuda_tile.ptr<f32>>, !cuda_tile.tile<f32>) -> !cuda_tile.token
    return
  }
}
