// End to end on a GPU: NVIDIA's mmai (i8 x u8 into i32) on tensor cores
// (../examples/mma_int8.run.toml: every element checked after each launch; the signedness of
// each factor matters: b's bytes above 127 read as signed would give other sums).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/mma_int8.mlir | FileCheck %s
// CHECK: launches 5 of 5 done, 0 wrong
// CHECK: PASS
