// RUN: not tilec %s 2>&1 | FileCheck %s
// A scan of several tiles (NVIDIA restricts scan to one input) and a scan of predicates are
// located errors (passes/src/lower/aa_to_as/scan.rs).

cuda_tile.module @m {
  entry @two(%p: tile<128xptr<i32>>) {
    %a, %t0 = load_ptr_tko weak %p : tile<128xptr<i32>> -> tile<128xi32>, token
    // CHECK: aa-to-as-scan-unsupported.mlir:9:5: error: {{.*}}a scan of several tiles is not supported
    %s:2 = scan %a, %a dim=0 reverse=false identities=[0 : i32, 0 : i32] : tile<128xi32>, tile<128xi32> -> tile<128xi32>, tile<128xi32>
    (%x: tile<i32>, %acc: tile<i32>, %x2: tile<i32>, %acc2: tile<i32>) {
      %y = addi %x, %acc : tile<i32>
      %y2 = addi %x2, %acc2 : tile<i32>
      yield %y, %y2 : tile<i32>, tile<i32>
    }
    %t1 = store_ptr_tko weak %p, %s#0 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
  entry @preds(%p: tile<128xptr<i32>>) {
    %a, %t0 = load_ptr_tko weak %p : tile<128xptr<i32>> -> tile<128xi32>, token
    %z = constant <i32: 0> : tile<128xi32>
    %b = cmpi equal %a, %z, signed : tile<128xi32> -> tile<128xi1>
    // CHECK: aa-to-as-scan-unsupported.mlir:23:5: error: {{.*}}a scan of an i1 tile is not supported yet
    %s = scan %b dim=0 reverse=false identities=[0 : i1] : tile<128xi1> -> tile<128xi1>
    (%x: tile<i1>, %acc: tile<i1>) {
      %y = ori %x, %acc : tile<i1>
      yield %y : tile<i1>
    }
    %r = select %s, %a, %z : tile<128xi1>, tile<128xi32>
    %t1 = store_ptr_tko weak %p, %r : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}
