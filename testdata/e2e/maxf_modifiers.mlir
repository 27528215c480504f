// End to end on a GPU: NVIDIA's maxf/minf modifiers (max/min.ftz/.NaN on f32, f64 propagate_nan
// through setp.nan + selp) give the bits IEEE 754-2019 maximum/maximumNumber and flush-to-zero
// say, on NaNs, signed zeros and subnormals (../examples/maxf_modifiers.run.toml: 16 cases, 11
// results, checked after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/maxf_modifiers.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
