// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Branches between blocks: a loop with a back edge, a two-way conditional branch, a switch with
// three successors, and successors named before their blocks appear.
// CHECK: "demo.br"([[Z:%[0-9]+]])[^bb1] : (i32) -> ()
// CHECK-NEXT:   ^bb1(%arg0: i32):
// CHECK:          "demo.cond_br"({{%[0-9]+}})[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT:   ^bb2:
// CHECK-NEXT:     "demo.switch"(%arg0)[^bb3, ^bb4, ^bb3] {cases = array<i32: 0, 1>} : (i32) -> ()
// CHECK-NEXT:   ^bb3:
// CHECK-NEXT:     "demo.return"() : () -> ()
// CHECK-NEXT:   ^bb4:
// CHECK-NEXT:     "demo.br"()[^bb3] : () -> ()

"demo.func"() ({
  %zero = "demo.constant"() {value = 0 : i32} : () -> i32
  "demo.br"(%zero)[^loop] : (i32) -> ()
^loop(%i: i32):
  %next = "demo.addi"(%i, %i) : (i32, i32) -> i32
  %again = "demo.cmpi"(%next, %zero) {predicate = "slt"} : (i32, i32) -> i1
  "demo.cond_br"(%again)[^loop, ^exit] : (i1) -> ()
^exit:
  "demo.switch"(%i)[^done, ^other, ^done] {cases = array<i32: 0, 1>} : (i32) -> ()
^done:
  "demo.return"() : () -> ()
^other:
  "demo.br"()[^done] : () -> ()
}) : () -> ()
