// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Float attributes of every float type: plain decimals, negatives, exponents (e/E, signed),
// untyped (f64), and IEEE bit patterns written in hex (infinity, NaN) for f32 and f64.
// CHECK: "demo.floats"() {a = 1.5 : f32, b = -0.25 : f64, c = 0.5 : f16, d = 2.0 : bf16, e = 1.0e-7 : f64, f = 25000000000.0 : f32, g = 3.0 : f64, h = -0.0 : f32}
// CHECK: "demo.bits"() {pinf = 0x7F800000 : f32, ninf = 0xFF800000 : f32, qnan = 0x7FC00000 : f32, dinf = 0x7FF0000000000000 : f64, one = 1.0 : f32}

"demo.holder"() ({
  "demo.floats"() {a = 1.5 : f32, b = -0.25 : f64, c = 0.5 : f16, d = 2.0 : bf16, e = 1.0e-7 : f64,
                   f = 2.5E+10 : f32, g = 3.0, h = -0.0 : f32} : () -> ()
  "demo.bits"() {pinf = 0x7F800000 : f32, ninf = 0xFF800000 : f32, qnan = 0x7FC00000 : f32,
                 dinf = 0x7FF0000000000000 : f64, one = 0x3F800000 : f32} : () -> ()
}) : () -> ()
