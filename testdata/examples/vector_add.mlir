// c[i] = a[i] + b[i] over f32 vectors, 1024 elements per tile block: tile block `bid` handles
// elements [bid*1024, bid*1024 + 1024). Each pointer tile is NVIDIA's contiguous-view idiom
// `offset(broadcast(reshape(param)), iota + bid*1024)`; with 128 threads the cyclic layout gives
// each thread 8 elements 128 apart, so each warp access is 32 consecutive floats (docs/abi.md).
//
// Launch: grid = (N / 1024, 1, 1), block = (128, 1, 1); a, b, c are global f32 buffers of N
// elements (N a multiple of 1024) that do not overlap. All accesses are weak. The store takes no
// token from the loads: each thread stores what it computed from its own loaded elements (a data
// dependence), so no CTA barrier is needed. Ordering the store after the loads with a token
// (`join_tokens %t1, %t2` into the store) would add one: c is a different pointer tile than a
// and b, which may alias them at other threads' elements (SYNC-MODEL.md §2).
cuda_tile.module @vector_add {
  entry @vector_add(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %bid = get_tile_block_id : tile<i32>
    %size = constant <i32: 1024> : tile<i32>
    %start = muli %bid, %size : tile<i32>
    %start1 = reshape %start : tile<i32> -> tile<1xi32>
    %starts = broadcast %start1 : tile<1xi32> -> tile<1024xi32>
    %lane = iota : tile<1024xi32>
    %idx = addi %lane, %starts : tile<1024xi32>
    %a1 = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ab = broadcast %a1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %pa = offset %ab, %idx : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %b1 = reshape %b : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bb = broadcast %b1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %pb = offset %bb, %idx : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %c1 = reshape %c : tile<ptr<f32>> -> tile<1xptr<f32>>
    %cb = broadcast %c1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %pc = offset %cb, %idx : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %t0 = make_token : token
    %va, %t1 = load_ptr_tko weak %pa token=%t0 : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %vb, %t2 = load_ptr_tko weak %pb token=%t0 : tile<1024xptr<f32>> -> tile<1024xf32>, token
    %vc = addf %va, %vb : tile<1024xf32>
    %t3 = store_ptr_tko weak %pc, %vc token=%t0 : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }
}
