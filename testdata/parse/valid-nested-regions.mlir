// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Regions nested four levels deep; inner regions use values of every enclosing region, and
// sibling regions reuse the same local names (each region opens its own name scope).
// CHECK: "demo.level1"() ({
// CHECK-NEXT:   [[A:%[0-9]+]] = "demo.def"() {level = 1 : i32} : () -> i32
// CHECK-NEXT:   "demo.level2"() ({
// CHECK-NEXT:     [[B:%[0-9]+]] = "demo.def"() {level = 2 : i32} : () -> i32
// CHECK-NEXT:     "demo.level3"() ({
// CHECK-NEXT:       [[C:%[0-9]+]] = "demo.def"() {level = 3 : i32} : () -> i32
// CHECK-NEXT:       "demo.level4"() ({
// CHECK-NEXT:         "demo.use"([[A]], [[B]], [[C]]) : (i32, i32, i32) -> ()
// CHECK-NEXT:       }) : () -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK:        "demo.sibling"() ({
// CHECK-NEXT:     {{%[0-9]+}} = "demo.def"() {level = 2 : i32} : () -> i32

"demo.level1"() ({
  %a = "demo.def"() {level = 1 : i32} : () -> i32
  "demo.level2"() ({
    %b = "demo.def"() {level = 2 : i32} : () -> i32
    "demo.level3"() ({
      %c = "demo.def"() {level = 3 : i32} : () -> i32
      "demo.level4"() ({
        "demo.use"(%a, %b, %c) : (i32, i32, i32) -> ()
      }) : () -> ()
    }) : () -> ()
  }) : () -> ()
  // Same name %b as in the region above: that one is no longer visible here.
  "demo.sibling"() ({
    %b = "demo.def"() {level = 2 : i32} : () -> i32
    "demo.use"(%a, %b) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()
