// End to end on a GPU: NVIDIA's ptr_to_int (the low bits of each element's address) and
// ptr_to_ptr (an i32 buffer read as f32 through it) (../examples/ptr_casts.run.toml: every
// element checked after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/ptr_casts.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
