// An `if` with results: each arm ends in a `yield` of the results' types, or leaves the arm by
// `break`, `continue` or `return`. An arm that yields nothing (the parser's implicit `yield` of an
// arm with no terminator) or the wrong types used to pass the verifier and fail in the lowering
// as "cannot compile 'cuda_tile.if' yet".
// RUN: tile-opt %s --verify-diagnostics

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>) {
    %c = constant <i1: true> : tile<i1>
    %one = constant <i32: 1> : tile<i32>
    %f = constant <f32: 1.0> : tile<f32>
    // expected-error@+2 {{'if' then arm yields (), but the 'if' has results (!cuda_tile.tile<i32>)}}
    // expected-error@+1 {{'if' else arm yields (), but the 'if' has results (!cuda_tile.tile<i32>)}}
    %r = if %c -> (tile<i32>) {
    }
    // expected-error@+1 {{'if' else arm yields (!cuda_tile.tile<f32>), but the 'if' has results (!cuda_tile.tile<i32>)}}
    %s = if %c -> (tile<i32>) {
      yield %one : tile<i32>
    } else {
      yield %f : tile<f32>
    }
    // Accepted: an arm that leaves the loop instead of yielding.
    %i, %x = loop iter_values(%a = %one) : tile<i32> -> tile<i32>, tile<i32> {
      %y = if %c -> (tile<i32>) {
        break %a, %a : tile<i32>, tile<i32>
      } else {
        yield %a : tile<i32>
      }
      continue %y : tile<i32>
    }
    return
  }
}
