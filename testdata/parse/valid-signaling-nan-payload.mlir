// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// An f32 bit pattern is stored as an f64 (f32 -> f64 -> f32), which quiets signaling NaNs:
// `0x7F800001 : f32` prints as `0x7FC00001 : f32` (mlir-opt keeps 0x7F800001). The text is a
// fixpoint after the first print, but the first print changes the value.
// CHECK: "demo.f"() {snan = 0x7F800001 : f32, payload = 0x7FA00000 : f32} : () -> ()

"demo.holder"() ({
  "demo.f"() {snan = 0x7F800001 : f32, payload = 0x7FA00000 : f32} : () -> ()
}) : () -> ()
