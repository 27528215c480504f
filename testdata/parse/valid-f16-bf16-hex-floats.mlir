// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// Hex bit patterns for f16 and bf16 (mlir-opt accepts them). The parser rejects them with
// "hexadecimal float literals are supported for f32 and f64 only", yet the printer writes exactly
// this form for f16/bf16 infinities and NaNs: `{x = 1.0e400 : f16}` parses (as +inf), prints as
// `{x = 0x7C00 : f16}`, and that output no longer parses.
// CHECK: "demo.f"() {pinf = 0x7C00 : f16, ninf = 0xFC00 : f16, nan = 0x7E00 : f16, binf = 0x7F80 : bf16, big = 0x7C00 : f16} : () -> ()

"demo.holder"() ({
  "demo.f"() {pinf = 0x7C00 : f16, ninf = 0xFC00 : f16, nan = 0x7E00 : f16, binf = 0x7F80 : bf16, big = 1.0e400 : f16} : () -> ()
}) : () -> ()
