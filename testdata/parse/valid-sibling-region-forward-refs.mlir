// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// The same later-defined value used from two sibling regions (or from the enclosing region and
// then from a nested one). When a region closes, its unresolved forward references move to the
// enclosing scope with `entry(k).or_insert(v)`: if that scope already holds a placeholder for the
// name, the region's own placeholder is dropped and its uses are never patched. The printer then
// shows the dangling placeholder as a block argument, e.g. `"demo.use2"(%arg0)`, which does not
// re-parse ("use of undefined value '%arg0'"). A type disagreement between the two uses
// ((i32) in one region, (f32) in the other) is not diagnosed either.
// CHECK: "demo.two"() ({
// CHECK-NEXT:     "demo.use1"([[W:%[0-9]+]]) : (i32) -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "demo.use2"([[W]]) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "demo.use3"([[W]]) : (i32) -> ()
// CHECK-NEXT:   "demo.one"() ({
// CHECK-NEXT:     "demo.use4"([[W]]) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   [[W]] = "demo.def"() : () -> i32

"demo.graph"() ({
  "demo.two"() ({
    "demo.use1"(%w) : (i32) -> ()
  }, {
    "demo.use2"(%w) : (i32) -> ()
  }) : () -> ()
  "demo.use3"(%w) : (i32) -> ()
  "demo.one"() ({
    "demo.use4"(%w) : (i32) -> ()
  }) : () -> ()
  %w = "demo.def"() : () -> i32
}) : () -> ()
