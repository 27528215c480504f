// End to end on a GPU: compile the example, run it with its spec (../examples/transpose_smem.run.toml)
// and check every result after each launch. Skipped (and listed) where no GPU is present.
// REQUIRES: gpu
// RUN: tile-run %S/../examples/transpose_smem.mlir | FileCheck %s
// CHECK: buffer in {{.*}} OK
// CHECK: buffer out {{.*}} OK
// CHECK: launches 1000 of 1000 done, 0 wrong
// CHECK: PASS
