// NVIDIA's integer division with a directed rounding (cuTile Python's `//` is
// `divi … signed rounding<negative_inf>`), expanded before lowering into the truncating
// division, its remainder and a correction (passes/src/lower/cuda_tile_expand.rs,
// `directed_div`): floor[i] = floor(x[i] / 7), ceil[i] = ceil(x[i] / -7) over x from -512 to 511.
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); x, floor, ceil: i32[1024], not overlapping.
cuda_tile.module @floor_div {
  entry @floor_div(%x: tile<1024xptr<i32>>, %fl: tile<1024xptr<i32>>, %ce: tile<1024xptr<i32>>) {
    %v, %t = load_ptr_tko weak %x : tile<1024xptr<i32>> -> tile<1024xi32>, token
    %seven = constant <i32: 7> : tile<1024xi32>
    %minus_seven = constant <i32: -7> : tile<1024xi32>
    %f = divi %v, %seven signed rounding<negative_inf> : tile<1024xi32>
    %c = divi %v, %minus_seven signed rounding<positive_inf> : tile<1024xi32>
    %t1 = store_ptr_tko weak %fl, %f : tile<1024xptr<i32>>, tile<1024xi32> -> token
    %t2 = store_ptr_tko weak %ce, %c : tile<1024xptr<i32>>, tile<1024xi32> -> token
    return
  }
}
