// End to end on a GPU: compile the example, run it with its spec (../examples/dsmem_push.run.toml)
// and check every result after each launch. Skipped (and listed) where no GPU is present.
// REQUIRES: gpu
// RUN: tile-run %S/../examples/dsmem_push.mlir | FileCheck %s
// CHECK: launches 1000 of 1000 done, 0 wrong
// CHECK: PASS
