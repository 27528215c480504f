// End to end on a GPU: tensor-core mmaf with an accumulator loaded from memory, carried around
// a loop and converted back for an elementwise op (../examples/mma_accumulate.run.toml: every
// element checked after each of 20 launches).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/mma_accumulate.mlir | FileCheck %s
// CHECK: launches 20 of 20 done, 0 wrong
// CHECK: PASS
