// End to end on a GPU: compile the example, run it with its spec (../examples/vector_add.run.toml)
// and check every result after each launch. Skipped (and listed) where no GPU is present.
// REQUIRES: gpu
// RUN: tile-run %S/../examples/vector_add.mlir | FileCheck %s
// CHECK: launches 200 of 200 done, 0 wrong
// CHECK: PASS
