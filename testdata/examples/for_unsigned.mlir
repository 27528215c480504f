// NVIDIA's `for unsigned`: the induction variable is compared with the upper bound unsigned.
// From 2^31 - 16 to 2^31 + 16 (written as the i32 -2147483632) the loop runs 32 times, where a
// signed comparison would run none (the bound is negative); it sums iv - lb: 0 + 1 + … + 31 =
// 496. lower-cuda-tile-to-aa rewrites it into a signed loop over iv ^ 2^31 (cuda_tile_expand).
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); out: i32[1].
cuda_tile.module @for_unsigned {
  entry @for_unsigned(%out: tile<ptr<i32>>) {
    %lb = constant <i32: 2147483632> : tile<i32>
    %ub = constant <i32: -2147483632> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %n = for unsigned %i in (%lb to %ub, step %one) : tile<i32> iter_values(%acc = %zero) -> (tile<i32>) {
      %d = subi %i, %lb : tile<i32>
      %a2 = addi %acc, %d : tile<i32>
      continue %a2 : tile<i32>
    }
    %t = store_ptr_tko weak %out, %n : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
