// End to end on a GPU: floor and ceiling integer division (NVIDIA's `divi` with
// rounding<negative_inf> / rounding<positive_inf>) on negative and positive dividends
// (../examples/floor_div.run.toml: every element checked after each of 5 launches).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/floor_div.mlir | FileCheck %s
// CHECK: launches 5 of 5 done, 0 wrong
// CHECK: PASS
