// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Multi-result ops: `%x:2` groups used as `%x#0`/`%x#1`, a list of single names `%a, %b`, a mix
// of both (`%p, %q:3`), and a bare `%x` meaning `%x#0`.
// CHECK: [[A:%[0-9]+]], [[B:%[0-9]+]] = "demo.divmod"() : () -> (i32, i32)
// CHECK-NEXT:   "demo.use2"([[B]], [[A]]) : (i32, i32) -> ()
// CHECK-NEXT:   [[X0:%[0-9]+]], [[X1:%[0-9]+]] = "demo.pair"() : () -> (i32, f32)
// CHECK-NEXT:   "demo.use2"([[X1]], [[X0]]) : (f32, i32) -> ()
// CHECK-NEXT:   "demo.use1"([[X0]]) : (i32) -> ()
// CHECK-NEXT:   [[P:%[0-9]+]], [[Q0:%[0-9]+]], [[Q1:%[0-9]+]], [[Q2:%[0-9]+]] = "demo.four"() : () -> (i1, i8, i16, i32)
// CHECK-NEXT:   "demo.use4"([[Q2]], [[Q1]], [[Q0]], [[P]]) : (i32, i16, i8, i1) -> ()

"demo.func"() ({
  %a, %b = "demo.divmod"() : () -> (i32, i32)
  "demo.use2"(%b, %a) : (i32, i32) -> ()
  %x:2 = "demo.pair"() : () -> (i32, f32)
  "demo.use2"(%x#1, %x#0) : (f32, i32) -> ()
  "demo.use1"(%x) : (i32) -> ()
  %p, %q:3 = "demo.four"() : () -> (i1, i8, i16, i32)
  "demo.use4"(%q#2, %q#1, %q#0, %p) : (i32, i16, i8, i1) -> ()
}) : () -> ()
