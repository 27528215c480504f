// RUN: tile-opt %s --verify-diagnostics
// The structural checks NVIDIA's verifier makes and tilec's had left to the lowering (found by
// tools/scripts/nvidia_conformance.py on NVIDIA's invalid.mlir): `break` only in a `loop` and
// `continue` only in a `for` or `loop` (through `if`s), each passing the types the loop carries;
// an `if` condition is a 0-d tile of i1; a reshape keeps the element type and count.

cuda_tile.module @m {
  entry @break_in_for(%n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    for %i in (%zero to %n, step %one) : tile<i32> {
      %stop = cmpi equal %i, %one, signed : tile<i32> -> tile<i1>
      if %stop {
        // expected-error@+1 {{'break' must be inside a 'loop' (through 'if's only)}}
        break
      }
      continue
    }
    return
  }
  entry @continue_outside_loop(%c: tile<i1>) {
    if %c {
      // expected-error@+1 {{'continue' must be inside a 'for' or a 'loop' (through 'if's only)}}
      continue
    }
    return
  }
  entry @continue_types(%n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    for %i in (%zero to %n, step %one) : tile<i32> {
      // expected-error@+1 {{'continue' passes (!cuda_tile.tile<i32>), but the values the loop carries are ()}}
      continue %zero : tile<i32>
    }
    %r = loop iter_values(%a = %zero) : tile<i32> -> tile<i32> {
      // expected-error@+1 {{'break' passes (), but the loop's results are (!cuda_tile.tile<i32>)}}
      break
    }
    return
  }
  entry @conditions(%x: tile<i32>) {
    // expected-error@+1 {{'if' operand #0 (the condition) must be a 0-d tile of i1, but it is '!cuda_tile.tile<i32>'}}
    "cuda_tile.if"(%x) ({
      "cuda_tile.yield"() : () -> ()
    }, {
      "cuda_tile.yield"() : () -> ()
    }) : (!cuda_tile.tile<i32>) -> ()
    return
  }
  entry @reshapes(%x: tile<i16>) {
    // expected-error@+1 {{'reshape' reshapes '!cuda_tile.tile<i16>' to '!cuda_tile.tile<1xi32>': the element types differ}}
    %a = reshape %x : tile<i16> -> tile<1xi32>
    // expected-error@+1 {{'reshape' reshapes '!cuda_tile.tile<i16>' to '!cuda_tile.tile<1x2x1xi16>': the numbers of elements differ}}
    %b = reshape %x : tile<i16> -> tile<1x2x1xi16>
    return
  }
}
