// End to end on a GPU: NVIDIA's conversions (itof, ftoi, ftof through f16 and bf16, bitcast),
// floor/ceil and the integer ops maxi/mini/absi/mulhii/shri/remi in both signednesses
// (../examples/conversions.run.toml: every element of 13 results checked after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/conversions.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
