// End to end on a GPU: NVIDIA's mmai (i8 x u8 into i32) on sm_90a's wgmma
// (../examples/mma_int8_wgmma.run.toml: every element checked after each launch; B staged
// K-major, the second k32 step 32 bytes into the swizzle atoms).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/mma_int8_wgmma.mlir | FileCheck %s
// CHECK: launches 5 of 5 done, 0 wrong
// CHECK: PASS
