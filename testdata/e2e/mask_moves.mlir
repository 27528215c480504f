// End to end on a GPU: i1 masks moved between threads through shared memory as words (a
// permute, a reduce along a dimension, a broadcast across threads;
// ../examples/mask_moves.run.toml: every element checked after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/mask_moves.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
