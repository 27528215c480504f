// RUN: tile-opt %s | FileCheck %s
// NVIDIA's ops that do not lower yet still read and print in their custom syntax
// (docs/cuda-tile-ops.md); lowering them is a located "not supported yet"
// (testdata/lower/cuda-tile-to-aa-unsupported.mlir).

cuda_tile.module @m {
  testing$func @k(%i: !cuda_tile.tile<i64>, %c: !cuda_tile.tile<2xi1>, %p: !cuda_tile.tile<ptr<f32>>) {
    // CHECK: int_to_ptr %arg0 : tile<i64> -> tile<ptr<f32>>
    %x = int_to_ptr %i : tile<i64> -> tile<ptr<f32>>
    // CHECK: ptr_to_int %arg2 : tile<ptr<f32>> -> tile<i64>
    %y = ptr_to_int %p : tile<ptr<f32>> -> tile<i64>
    // CHECK: ptr_to_ptr %arg2 : tile<ptr<f32>> -> tile<ptr<i32>>
    %z = ptr_to_ptr %p : tile<ptr<f32>> -> tile<ptr<i32>>
    // CHECK: assert %arg1, "it \"holds\"" : tile<2xi1>
    assert %c, "it \22holds\22" : tile<2xi1>
    return
  }
}
