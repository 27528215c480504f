// End to end on a GPU: NVIDIA's full-precision sin, cos, tan, sinh, cosh, atan2, pow and remf
// (f32; remf also f64; sin of f16 and cosh of bf16, computed in f32) on zeros, subnormals,
// infinities, NaN, multiples of pi/2, the Payne-Hanek range, overflow and pow's special cases
// (../examples/math_full.run.toml: every element checked against the exact result, ulp-scale
// tolerances, after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/math_full.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
