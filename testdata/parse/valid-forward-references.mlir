// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Uses before definitions: across blocks (the defining block dominates the using block but comes
// later in the text), a forward use of one result of a multi-result op, and a use inside a nested
// region of a value the enclosing region defines later.
// CHECK: "demo.br"()[^bb2] : () -> ()
// CHECK-NEXT:   ^bb1:
// CHECK-NEXT:     "demo.use"([[V:%[0-9]+]], [[P1:%[0-9]+]]) : (i32, f32) -> ()
// CHECK-NEXT:     "demo.return"() : () -> ()
// CHECK-NEXT:   ^bb2:
// CHECK-NEXT:     [[V]] = "demo.def"() : () -> i32
// CHECK-NEXT:     {{%[0-9]+}}, [[P1]] = "demo.pair"() : () -> (i32, f32)
// CHECK:        "demo.graph"() ({
// CHECK-NEXT:     "demo.inner"() ({
// CHECK-NEXT:       "demo.use"([[L:%[0-9]+]]) : (index) -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     [[L]] = "demo.late"() : () -> index

"demo.func"() ({
  "demo.br"()[^def] : () -> ()
^use:
  "demo.use"(%v, %pair#1) : (i32, f32) -> ()
  "demo.return"() : () -> ()
^def:
  %v = "demo.def"() : () -> i32
  %pair:2 = "demo.pair"() : () -> (i32, f32)
  "demo.br"()[^use] : () -> ()
}) : () -> ()
"demo.graph"() ({
  "demo.inner"() ({
    "demo.use"(%late) : (index) -> ()
  }) : () -> ()
  %late = "demo.late"() : () -> index
}) : () -> ()
