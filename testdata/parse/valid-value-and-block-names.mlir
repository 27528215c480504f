// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Every spelling of value and block names MLIR allows (digits, letters, `$ . _ -`), all
// renumbered on print: results become %0, %1, ..., block arguments %argN, blocks ^bbN.
// CHECK: "demo.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     %0 = "demo.a"() : () -> i32
// CHECK-NEXT:     %1 = "demo.a"() : () -> i32
// CHECK-NEXT:     %2 = "demo.a"() : () -> i32
// CHECK-NEXT:     %3 = "demo.a"() : () -> i32
// CHECK-NEXT:     %4 = "demo.a"() : () -> i32
// CHECK-NEXT:     "demo.use"(%0, %1, %2, %3, %4, %arg0) : (i32, i32, i32, i32, i32, i32) -> ()
// CHECK-NEXT:     "demo.br"(%0)[^bb1] : (i32) -> ()
// CHECK-NEXT:   ^bb1(%arg1: i32):
// CHECK-NEXT:     "demo.br"(%arg1)[^bb2] : (i32) -> ()
// CHECK-NEXT:   ^bb2:
// CHECK-NEXT:     "demo.return"() : () -> ()

"demo.func"() ({
^bb-entry(%arg7: i32):
  %007 = "demo.a"() : () -> i32
  %-x = "demo.a"() : () -> i32
  %a.b$c = "demo.a"() : () -> i32
  %_ = "demo.a"() : () -> i32
  %$dollar = "demo.a"() : () -> i32
  "demo.use"(%007, %-x, %a.b$c, %_, %$dollar, %arg7) : (i32, i32, i32, i32, i32, i32) -> ()
  "demo.br"(%007)[^42] : (i32) -> ()
^42(%0: i32):
  "demo.br"(%0)[^b.l-o_c$k] : (i32) -> ()
^b.l-o_c$k:
  "demo.return"() : () -> ()
}) : () -> ()
