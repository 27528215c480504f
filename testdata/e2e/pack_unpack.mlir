// End to end on a GPU: NVIDIA's pack (an i32 tile's bytes as i8, little-endian) and unpack (the
// bytes back into i32) through shared memory (../examples/pack_unpack.run.toml: every element
// checked after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/pack_unpack.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
