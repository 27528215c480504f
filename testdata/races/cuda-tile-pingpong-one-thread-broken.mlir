// cuda-tile-pingpong-one-thread.mlir broken: verify-races must still reject a one-thread kernel
// (its whole body one `elect`) whose turn counter does not order its handoffs.
// - @off_by_one: CTA b spins in round r for 2r + b + 1, one more than the turn before it
//   publishes: no round's write is the one its spin waits for, so the counter is not followed
//   and the turn synchronizes nothing.
// - @three_ctas: the same protocol launched on 3 CTAs: CTA 2's turns are CTA 0's next ones, so
//   two CTAs play the same turn.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as,verify-races --verify-diagnostics

cuda_tile.module @m {
  entry @off_by_one(%ball: tile<ptr<i32>>, %turn: tile<ptr<i32>>, %rounds: tile<i32>) attributes {grid_dims = array<i32: 2, 1, 1>} {
    %t0 = make_token : token
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %me = get_tile_block_id {dim = 0 : i32} : tile<i32>
    %tf = for %r in (%zero to %rounds, step %one) : tile<i32> iter_values(%tk = %t0) -> (token) {
      %r2 = muli %two, %r : tile<i32>
      %move = addi %r2, %me : tile<i32>
      %tw = loop iter_values(%tl = %tk) : token -> token {
        %seen, %tl2 = load_ptr_tko acquire device %turn token=%tl : tile<ptr<i32>> -> tile<i32>, token
        %want = addi %move, %one : tile<i32>
        %wait = cmpi not_equal %seen, %want, signed : tile<i32> -> tile<i1>
        if %wait {
        } else {
          break %tl2 : token
        }
        continue %tl2 : token
      }
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (in the same iteration of the loop)}}
      %b, %tb = load_ptr_tko weak %ball token=%tw : tile<ptr<i32>> -> tile<i32>, token
      %b1 = addi %b, %one : tile<i32>
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (from iteration i of the loop to iteration i+1)}}
      %ts = store_ptr_tko weak %ball, %b1 token=%tb : tile<ptr<i32>>, tile<i32> -> token
      %next = addi %move, %one : tile<i32>
      %tr = store_ptr_tko release device %turn, %next token=%ts : tile<ptr<i32>>, tile<i32> -> token
      continue %tr : token
    }
    return
  }
  entry @three_ctas(%ball: tile<ptr<i32>>, %turn: tile<ptr<i32>>, %rounds: tile<i32>) attributes {grid_dims = array<i32: 3, 1, 1>} {
    %t0 = make_token : token
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %me = get_tile_block_id {dim = 0 : i32} : tile<i32>
    %tf = for %r in (%zero to %rounds, step %one) : tile<i32> iter_values(%tk = %t0) -> (token) {
      %r2 = muli %two, %r : tile<i32>
      %move = addi %r2, %me : tile<i32>
      %tw = loop iter_values(%tl = %tk) : token -> token {
        %seen, %tl2 = load_ptr_tko acquire device %turn token=%tl : tile<ptr<i32>> -> tile<i32>, token
        %wait = cmpi not_equal %seen, %move, signed : tile<i32> -> tile<i1>
        if %wait {
        } else {
          break %tl2 : token
        }
        continue %tl2 : token
      }
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (in the same iteration of the loop)}}
      %b, %tb = load_ptr_tko weak %ball token=%tw : tile<ptr<i32>> -> tile<i32>, token
      %b1 = addi %b, %one : tile<i32>
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (from iteration i of the loop to iteration i+1)}}
      %ts = store_ptr_tko weak %ball, %b1 token=%tb : tile<ptr<i32>>, tile<i32> -> token
      %next = addi %move, %one : tile<i32>
      %tr = store_ptr_tko release device %turn, %next token=%ts : tile<ptr<i32>>, tile<i32> -> token
      continue %tr : token
    }
    return
  }
}
