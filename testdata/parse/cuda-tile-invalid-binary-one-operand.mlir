// RUN: tile-opt %s --verify-diagnostics
// A binary op with one operand says what it takes (it used to say "expected ','; found ':'").

cuda_tile.module @m {
  entry @k(%x: tile<i32>) {
    // expected-error@+1 {{'addi' takes two operands: addi %a, %b : <type>}}
    %y = addi %x : tile<i32>
    return
  }
}
