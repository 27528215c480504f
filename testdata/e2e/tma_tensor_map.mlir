// End to end on a GPU: a TMA tensor-map load with the map made by tile-run
// (../examples/tma_tensor_map.run.toml: `tensor_map = "in"`, 32x32 boxes, 128-byte swizzle);
// `out` must equal `in` after every launch.
// Skipped (and listed) where no GPU is present.
// REQUIRES: gpu
// RUN: tile-run %S/../examples/tma_tensor_map.mlir | FileCheck %s
// CHECK: launches 5 of 5 done, 0 wrong
// CHECK: PASS
