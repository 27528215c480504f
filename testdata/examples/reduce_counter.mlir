// A sum into one counter without a reduction op: each tile block loads 128 i32 values (tile block
// `bid` reads in[bid*128 .. bid*128+128)) and adds each of them to a single 0-d counter with a
// relaxed device-scope atomic add. The atomic is n-d: its pointer tile is the counter pointer
// broadcast to 128 elements, so every thread issues one `atom.relaxed.gpu.global.add` for the
// element it owns (all to the same address; the hardware serializes them). Atomicity is all a sum
// needs: no ordering, no barrier, and the atomic takes no token from the load (its operand is the
// loaded value, a data dependence within each thread).
//
// Launch: grid = (G, 1, 1), block = (128, 1, 1); `in` holds G*128 i32 values, `counter` one i32
// that starts at 0. Afterwards counter = sum(in[0 .. G*128)) (mod 2^32).
cuda_tile.module @reduce_counter {
  entry @reduce_counter(%in: tile<ptr<i32>>, %counter: tile<ptr<i32>>) {
    %bid = get_tile_block_id : tile<i32>
    %size = constant <i32: 128> : tile<i32>
    %start = muli %bid, %size : tile<i32>
    %start1 = reshape %start : tile<i32> -> tile<1xi32>
    %starts = broadcast %start1 : tile<1xi32> -> tile<128xi32>
    %lane = iota : tile<128xi32>
    %idx = addi %lane, %starts : tile<128xi32>
    %in1 = reshape %in : tile<ptr<i32>> -> tile<1xptr<i32>>
    %inb = broadcast %in1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %pin = offset %inb, %idx : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %t0 = make_token : token
    %v, %t1 = load_ptr_tko weak %pin token=%t0 : tile<128xptr<i32>> -> tile<128xi32>, token
    %c1 = reshape %counter : tile<ptr<i32>> -> tile<1xptr<i32>>
    %cb = broadcast %c1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %old, %t2 = atomic_rmw_tko relaxed device %cb, add, %v token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    return
  }
}
