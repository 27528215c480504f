// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Empty regions: `({})`, several empty regions, and an empty region beside a non-empty one.
// CHECK: "demo.one_empty"() ({
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "demo.two_empty"() ({
// CHECK-NEXT:   }, {
// CHECK-NEXT:   }) {k = 1 : i32} : () -> ()
// CHECK-NEXT:   "demo.mixed"() ({
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "demo.body"() : () -> ()
// CHECK-NEXT:   }) : () -> ()

"demo.holder"() ({
  "demo.one_empty"() ({}) : () -> ()
  "demo.two_empty"() ({
  }, {
    // only a comment in here
  }) {k = 1 : i32} : () -> ()
  "demo.mixed"() ({}, {
    "demo.body"() : () -> ()
  }) : () -> ()
}) : () -> ()
