// End to end on a GPU: a wgmma mmaf on two warpgroups (256 threads), each issuing the wgmmas of
// its own m64 slabs (../examples/wgmma_two_warpgroups.run.toml: every element checked after
// each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/wgmma_two_warpgroups.mlir | FileCheck %s
// CHECK: launches 5 of 5 done, 0 wrong
// CHECK: PASS
