// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's modifiers are read only where the op takes them: the integer ops take the overflow
// promises (`overflow<no_wrap>` is read and dropped: a promise, never a change of a
// well-defined result), the float arithmetic its rounding and flush_to_zero
// (testdata/lower/as-to-ptx-float-rounding.mlir); anything else is an error naming it.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>, %a: tile<f32>) {
    %x = addi %one, %one overflow<no_wrap> : tile<i32>
    // expected-error@+1 {{'addi' takes no modifiers in tilec; found 'flush_to_zero'}}
    %y = addi %one, %one flush_to_zero : tile<i32>
    return
  }
}

