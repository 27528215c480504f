// End to end on a GPU: NVIDIA's permute (2-d transpose, 3-d [2, 0, 1], f16) and extract with a
// runtime slice index, through shared memory (../examples/permute_extract.run.toml: every
// element of four results checked after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/permute_extract.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
