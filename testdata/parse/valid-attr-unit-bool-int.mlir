// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Unit, boolean and integer attributes: a unit key written alone and as `unit`, true/false,
// untyped integers (i64), every integer width, negative values, bounds, hex, and index.
// CHECK: "demo.attrs"() {flag, also_flag, yes = true, no = false, plain = 42 : i64, neg = -7 : i64}
// CHECK: "demo.widths"() {a = 1 : i1, b = -128 : i8, c = -1 : i8, d = 32767 : i16, e = -2147483648 : i32, f = 9223372036854775807 : i64, g = -9223372036854775808 : i64, h = 5 : i128, i = 0 : index}
// CHECK: "demo.hex"() {x = 255 : i32, y = -1 : i64, z = 16 : i64} : () -> ()

"demo.holder"() ({
  "demo.attrs"() {flag, also_flag = unit, yes = true, no = false, plain = 42, neg = -7} : () -> ()
  "demo.widths"() {a = 1 : i1, b = -128 : i8, c = -1 : i8, d = 32767 : i16, e = -2147483648 : i32,
                   f = 9223372036854775807 : i64, g = -9223372036854775808 : i64, h = 5 : i128,
                   i = 0 : index} : () -> ()
  "demo.hex"() {x = 0xFF : i32, y = 0xFFFFFFFFFFFFFFFF : i64, z = 0x10} : () -> ()
}) : () -> ()
