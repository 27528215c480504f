// End to end on a GPU: NVIDIA's directed roundings of divf and addf (div.rm/.rp, add.rm/.rp.ftz)
// give the bits IEEE 754 says (../examples/float_rounding.run.toml).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/float_rounding.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
