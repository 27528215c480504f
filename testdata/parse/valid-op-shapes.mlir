// RUN: tile-opt %s | tile-opt - | FileCheck %s
// The minimal op shapes: no operands, no results, no attributes, no regions; and each of those
// pieces alone.
// CHECK: "demo.kernel"() ({
// CHECK-NEXT:   "demo.nothing"() : () -> ()
// CHECK-NEXT:   [[R:%[0-9]+]] = "demo.only_result"() : () -> i32
// CHECK-NEXT:   "demo.only_operand"([[R]]) : (i32) -> ()
// CHECK-NEXT:   "demo.only_attr"() {k} : () -> ()
// CHECK-NEXT:   "demo.only_region"() ({
// CHECK-NEXT:     "demo.inner"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   {{%[0-9]+}} = "demo.everything"([[R]]) ({

"demo.kernel"() ({
  "demo.nothing"() : () -> ()
  %r = "demo.only_result"() : () -> i32
  "demo.only_operand"(%r) : (i32) -> ()
  "demo.only_attr"() {k} : () -> ()
  "demo.only_region"() ({
    "demo.inner"() : () -> ()
  }) : () -> ()
  %e = "demo.everything"(%r) ({
    "demo.inner"() : () -> ()
  }) {k = 1 : i32} : (i32) -> f32
}) : () -> ()
