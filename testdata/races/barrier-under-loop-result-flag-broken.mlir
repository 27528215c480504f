// barrier-under-loop-result-flag.mlir with the store weak and no longer ordered after the load
// by a token (`token=%it90` removed, `release sys` now `weak`): the lowering puts no barrier
// before it, and the 8x8 load races with the 2-element store of other threads' elements (check 1
// at the load). A divergent flag cannot be written in cuda_tile: a 0-d value is
// the same in every thread of the CTA, loads included (the lowering broadcasts them);
// uniform-loop-result.mlir (per_thread_trips) and barrier-in-divergent-while-broken.mlir are the
// divergent loops, in nv_tileas.
// RUN: not tilec %s --target sm_90a -o /dev/null 2>&1 | FileCheck %s

// CHECK: barrier-under-loop-result-flag-broken.mlir:85:7: error: check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of another thread of the CTA
cuda_tile.module @m {
  entry @store_not_ordered(%buf0: tile<256xptr<i32>>, %buf1: tile<ptr<f64>>, %buf2: tile<4xptr<f32>>, %arg0: tile<f32>) {
    %c1 = constant <f32: 65504.0> : tile<f32>
    %v2 = divf %arg0, %c1 : tile<f32>
    %k3 = constant <i32: 65536> : tile<i32>
    %bid4 = get_tile_block_id : tile<i32>
    %bw5 = muli %bid4, %k3 : tile<i32>
    %k6 = constant <i32: 4096> : tile<i32>
    %k14 = constant <i32: 0> : tile<i32>
    %st15 = addi %bw5, %k14 : tile<i32>
    %rs16 = reshape %st15 : tile<i32> -> tile<1xi32>
    %bc17 = broadcast %rs16 : tile<1xi32> -> tile<4xi32>
    %q18 = offset %buf2, %bc17 : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %c20 = constant dense<291.25> : tile<4xf32>
    %old21, %t19 = atomic_rmw_tko acq_rel tl_blk %q18, xchg, %c20 : tile<4xptr<f32>>, tile<4xf32> -> tile<4xf32>, token
    %pr27 = reshape %buf1 : tile<ptr<f64>> -> tile<1xptr<f64>>
    %pb28 = broadcast %pr27 : tile<1xptr<f64>> -> tile<3xptr<f64>>
    %io29 = iota : tile<3xi32>
    %k30 = constant <i32: 2> : tile<i32>
    %rs31 = reshape %k30 : tile<i32> -> tile<1xi32>
    %bc32 = broadcast %rs31 : tile<1xi32> -> tile<3xi32>
    %ix33 = muli %io29, %bc32 : tile<3xi32>
    %st34 = addi %bw5, %k6 : tile<i32>
    %rs35 = reshape %st34 : tile<i32> -> tile<1xi32>
    %bc36 = broadcast %rs35 : tile<1xi32> -> tile<3xi32>
    %ix37 = addi %ix33, %bc36 : tile<3xi32>
    %q38 = offset %pb28, %ix37 : tile<3xptr<f64>>, tile<3xi32> -> tile<3xptr<f64>>
    %c40 = constant <f64: 1.0> : tile<3xf64>
    %old41, %t39 = atomic_rmw_tko acq_rel device %q38, add, %c40 : tile<3xptr<f64>>, tile<3xf64> -> tile<3xf64>, token
    %st47 = addi %bw5, %k14 : tile<i32>
    %rs48 = reshape %st47 : tile<i32> -> tile<1xi32>
    %bc49 = broadcast %rs48 : tile<1xi32> -> tile<4xi32>
    %q50 = offset %buf2, %bc49 : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %c52 = constant <f32: -0.0> : tile<4xf32>
    %t51 = store_ptr_tko relaxed cluster %q50, %c52 token=%t19 : tile<4xptr<f32>>, tile<4xf32> -> token
    %c53 = constant <i1: false> : tile<i1>
    %c58 = constant <i32: 4294967295> : tile<i32>
    %c59 = constant <i32: 86253> : tile<i32>
    %p60 = cmpi less_than %c58, %c59, signed : tile<i32> -> tile<i1>
    %k72 = constant <i32: 1> : tile<i32>
    %pr77 = reshape %buf1 : tile<ptr<f64>> -> tile<1x1xptr<f64>>
    %pb78 = broadcast %pr77 : tile<1x1xptr<f64>> -> tile<8x8xptr<f64>>
    %io79 = iota : tile<8x8xi32>
    %k80 = constant <i32: 100> : tile<i32>
    %pr98 = reshape %buf1 : tile<ptr<f64>> -> tile<1xptr<f64>>
    %pb99 = broadcast %pr98 : tile<1xptr<f64>> -> tile<2xptr<f64>>
    %io100 = iota : tile<2xi64>
    %k101 = constant <i64: 1> : tile<i64>
    %k105 = constant <i64: 65536> : tile<i64>
    %bid106 = get_tile_block_id : tile<i64>
    %bw107 = muli %bid106, %k105 : tile<i64>
    %k108 = constant <i64: 100> : tile<i64>
    %k116 = constant <i32: 3> : tile<i32>
    %k121 = constant <i32: 64> : tile<i32>
    if %p60 {
      %c61 = constant <i1: true> : tile<i1>
      %r75, %r76 = loop iter_values(%it62 = %k14, %it63 = %c61) : tile<i32>, tile<i1> -> tile<i32>, tile<i1> {
        %r71 = if %c53 -> (tile<4xf32>) {
          yield %c52 : tile<4xf32>
        } else {
          yield %c52 : tile<4xf32>
        }
        %i73 = addi %it62, %k72 : tile<i32>
        %p74 = cmpi greater_than_or_equal %i73, %k30, signed : tile<i32> -> tile<i1>
        if %p74 {
          break %i73, %it63 : tile<i32>, tile<i1>
        }
        continue %i73, %it63 : tile<i32>, tile<i1>
      }
      %st81 = addi %bw5, %k80 : tile<i32>
      %rs82 = reshape %st81 : tile<i32> -> tile<1x1xi32>
      %bc83 = broadcast %rs82 : tile<1x1xi32> -> tile<8x8xi32>
      %ix84 = addi %io79, %bc83 : tile<8x8xi32>
      %q85 = offset %pb78, %ix84 : tile<8x8xptr<f64>>, tile<8x8xi32> -> tile<8x8xptr<f64>>
      %ld87, %t86 = load_ptr_tko weak %q85 token=%t39 : tile<8x8xptr<f64>> -> tile<8x8xf64>, token
      %j88 = join_tokens %t39, %t86 : token
      %r142, %r143, %r144 = loop iter_values(%it89 = %k14, %it90 = %j88, %it91 = %t51) : tile<i32>, token, token -> tile<i32>, token, token {
        if %r76 {
          %rs102 = reshape %k101 : tile<i64> -> tile<1xi64>
          %bc103 = broadcast %rs102 : tile<1xi64> -> tile<2xi64>
          %ix104 = subi %bc103, %io100 : tile<2xi64>
          %st109 = addi %bw107, %k108 : tile<i64>
          %rs110 = reshape %st109 : tile<i64> -> tile<1xi64>
          %bc111 = broadcast %rs110 : tile<1xi64> -> tile<2xi64>
          %ix112 = addi %ix104, %bc111 : tile<2xi64>
          %q113 = offset %pb99, %ix112 : tile<2xptr<f64>>, tile<2xi64> -> tile<2xptr<f64>>
          %c115 = constant <f64: 1.0> : tile<2xf64>
          %t114 = store_ptr_tko weak %q113, %c115 : tile<2xptr<f64>>, tile<2xf64> -> token
          continue %c59, %t114, %it91 : tile<i32>, token, token
        }
        %c117 = constant <f32: 1.0> : tile<f32>
        %r137, %r138 = for %iv118 in (%k14 to %k30, step %k116) : tile<i32> iter_values(%it119 = %c117, %it120 = %it91) -> (tile<f32>, token) {
          %st122 = addi %bw5, %k121 : tile<i32>
          %rs123 = reshape %st122 : tile<i32> -> tile<1xi32>
          %bc124 = broadcast %rs123 : tile<1xi32> -> tile<4xi32>
          %q125 = offset %buf2, %bc124 : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
          %rs127 = reshape %c117 : tile<f32> -> tile<1xf32>
          %bc128 = broadcast %rs127 : tile<1xf32> -> tile<4xf32>
          %old129, %t126 = atomic_rmw_tko sc device %q125, exch, %bc128 token=%it120 : tile<4xptr<f32>>, tile<4xf32> -> tile<4xf32>, token
          %st130 = addi %bw5, %k80 : tile<i32>
          %rs131 = reshape %st130 : tile<i32> -> tile<1xi32>
          %bc132 = broadcast %rs131 : tile<1xi32> -> tile<4xi32>
          %q133 = offset %buf2, %bc132 : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
          %c135 = constant <f32: 0.0> : tile<4xf32>
          %old136, %t134 = atomic_rmw_tko sc sys %q133, add, %c135 token = %t126 : tile<4xptr<f32>>, tile<4xf32> -> tile<4xf32>, token
          continue %v2, %t134 : tile<f32>, token
        }
        %j139 = join_tokens %r138, %r138 : token
        %i140 = addi %it89, %k72 : tile<i32>
        %p141 = cmpi greater_than_or_equal %i140, %k116, signed : tile<i32> -> tile<i1>
        if %p141 {
          break %i140, %it90, %j139 : tile<i32>, token, token
        }
        continue %i140, %it90, %j139 : tile<i32>, token, token
      }
    }
  } {num_threads = 32 : i32}
}