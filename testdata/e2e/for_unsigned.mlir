// End to end on a GPU: NVIDIA's `for unsigned` (bounds on both sides of 2^31, which a signed
// comparison would take as an empty loop) (../examples/for_unsigned.run.toml).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/for_unsigned.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
