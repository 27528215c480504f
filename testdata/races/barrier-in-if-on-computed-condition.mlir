// A CTA barrier in an `if` arm whose 0-d condition is computed from float constants (cmpf) is
// credited: float arithmetic over uniform values is uniform (found by the program generator,
// docs/fuzzing.md). The kernel compiles.
// RUN: tilec %s -o - | FileCheck %s
// CHECK: bar.sync 0;

cuda_tile.module @m {
  entry @k(%buf0: tile<ptr<i64>>) {
    %k = constant <i64: 65536> : tile<i64>
    %bid = get_tile_block_id : tile<i64>
    %bw = muli %bid, %k : tile<i64>
    %pr = reshape %buf0 : tile<ptr<i64>> -> tile<1xptr<i64>>
    %pb = broadcast %pr : tile<1xptr<i64>> -> tile<1024xptr<i64>>
    %io = iota : tile<1024xi64>
    %r1 = reshape %bw : tile<i64> -> tile<1xi64>
    %b1 = broadcast %r1 : tile<1xi64> -> tile<1024xi64>
    %ix = addi %io, %b1 : tile<1024xi64>
    %q = offset %pb, %ix : tile<1024xptr<i64>>, tile<1024xi64> -> tile<1024xptr<i64>>
    %v = constant <i64: 7> : tile<1024xi64>
    %t1 = store_ptr_tko weak %q, %v : tile<1024xptr<i64>>, tile<1024xi64> -> token
    %pb2 = broadcast %pr : tile<1xptr<i64>> -> tile<64xptr<i64>>
    %io2 = iota : tile<64xi64>
    %b2 = broadcast %r1 : tile<1xi64> -> tile<64xi64>
    %ix2 = addi %io2, %b2 : tile<64xi64>
    %q2 = offset %pb2, %ix2 : tile<64xptr<i64>>, tile<64xi64> -> tile<64xptr<i64>>
    %v2 = constant <i64: 9> : tile<64xi64>
    %f1 = constant <f32: 1.0> : tile<f32>
    %f2 = constant <f32: 2.0> : tile<f32>
    %c = cmpf less_than ordered %f1, %f2 : tile<f32> -> tile<i1>
    %r = if %c -> (token) {
      yield %t1 : token
    } else {
      %t2 = store_ptr_tko weak %q2, %v2 token=%t1 : tile<64xptr<i64>>, tile<64xi64> -> token
      yield %t2 : token
    }
    return
  } {num_threads = 512 : i32}
}
