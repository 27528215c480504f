// cuTile's ping-pong (testdata/cutile/ping_pong) in cuda_tile text, with the launch contract
// stated: 2 CTAs take turns, CTA b spins in round r while the turn counter is not 2r + b, bumps
// the ball, and hands the turn on with a release store of 2r + b + 1.
// - A kernel of one-element tiles runs on thread 0 alone (docs/abi.md): its whole body is one
//   `elect`, so the spin, the weak accesses and the release all run in that thread, in program
//   order; verify-races takes an `elect` around the loop as it takes one inside it.
// - cuTile writes `while c: pass` as `loop { if c {} else { break } continue }`. The lowering
//   tests `c` itself for the guard and the while's condition (no chain of kind selects), so the
//   spin is `while (turn != 2r + b)`: verify-races follows the turn as a round counter
//   (docs/verify-races.md, "Round counters") and the PTX spin is a load, a compare and a branch.
//   weakest-fence then makes it P7's optimal form: a relaxed spin, one `fence.acquire.gpu` after.
// RUN: tilec %s | FileCheck %s

cuda_tile.module @m {
  entry @ping_pong(%ball: tile<ptr<i32>>, %turn: tile<ptr<i32>>, %rounds: tile<i32>) attributes {grid_dims = array<i32: 2, 1, 1>} {
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
      %b, %tb = load_ptr_tko weak %ball token=%tw : tile<ptr<i32>> -> tile<i32>, token
      %b1 = addi %b, %one : tile<i32>
      %ts = store_ptr_tko weak %ball, %b1 token=%tb : tile<ptr<i32>>, tile<i32> -> token
      %next = addi %move, %one : tile<i32>
      %tr = store_ptr_tko release device %turn, %next token=%ts : tile<ptr<i32>>, tile<i32> -> token
      continue %tr : token
    }
    return
  }
}

// CHECK: .reqntid 128, 1, 1
// CHECK: add.s32 [[MOVE:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: [[SPIN:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32 [[F:%r[0-9]+]], [{{%rd[0-9]+}}];
// CHECK-NEXT: setp.ne.u32 [[GO:%p[0-9]+]], [[F]], [[MOVE]];
// CHECK-NEXT: @![[GO]] bra [[OUT:\$L__tilec_[0-9]+]];
// CHECK-NEXT: bra.uni [[SPIN]];
// CHECK-NEXT: [[OUT]]:
// CHECK-NEXT: fence.acquire.gpu;
// CHECK-NEXT: ld.global.u32
// CHECK: st.release.gpu.global.u32
