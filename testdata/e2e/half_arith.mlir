// End to end on a GPU: f16/bf16 arithmetic computed on f32 and rounded back
// (../examples/half_arith.run.toml: every element exact, checked after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/half_arith.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
