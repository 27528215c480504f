// End to end on a GPU: NVIDIA's scan — one long line, lines along the last dimension, a reverse
// scan along the first, more lines than threads (../examples/scan.run.toml: every element of
// four results checked after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/scan.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
