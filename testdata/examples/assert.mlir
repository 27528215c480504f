// NVIDIA's assert (cuTile's ct.assert_) on the GPU: every thread checks the elements it owns of
// `x < n`; each false element prints the message with its index, then the kernel stops with
// CUDA's assertion error. assert.run.toml launches it with n = 128 over x = 0, 1, …, 127 (every
// element true: the kernel runs and stores x + 1); assert_fails.run.toml with n = 100, so
// elements 100 … 127 are false.
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); x, y: i32[128]; n: i32.
cuda_tile.module @asserts {
  entry @check_below(%x: tile<128xptr<i32>>, %y: tile<128xptr<i32>>, %n: tile<i32>) {
    %v, %t0 = load_ptr_tko weak %x : tile<128xptr<i32>> -> tile<128xi32>, token
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<128xi32>
    %ok = cmpi less_than %v, %nb, signed : tile<128xi32> -> tile<128xi1>
    assert %ok, "x must be below n" : tile<128xi1>
    %one = constant <i32: 1> : tile<128xi32>
    %w = addi %v, %one : tile<128xi32>
    %t1 = store_ptr_tko weak %y, %w : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}
