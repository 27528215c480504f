// End to end on a GPU: factor loads fused into a wgmma mmaf's staging, A by cp.async, B (whose
// chunks do not cover every thread) by ld.global.b128/st.shared.b128
// (../examples/fused_copy.run.toml: every element of C checked after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/fused_copy.mlir | FileCheck %s
// CHECK: launches 5 of 5 done, 0 wrong
// CHECK: PASS
