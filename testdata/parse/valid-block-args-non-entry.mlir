// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Arguments on non-entry blocks, passed along by the branch that jumps there (a merge block).
// CHECK: "demo.cond_br"(%arg0, [[T:%[0-9]+]], [[F:%[0-9]+]])[^bb1, ^bb2] : (i1, i32, i32) -> ()
// CHECK-NEXT:   ^bb1(%arg1: i32):
// CHECK-NEXT:     "demo.br"(%arg1)[^bb3] : (i32) -> ()
// CHECK-NEXT:   ^bb2(%arg2: i32):
// CHECK-NEXT:     "demo.br"(%arg2)[^bb3] : (i32) -> ()
// CHECK-NEXT:   ^bb3(%arg3: i32):
// CHECK-NEXT:     "demo.return"(%arg3) : (i32) -> ()

"demo.func"() ({
^bb0(%c: i1):
  %t = "demo.constant"() {value = 1 : i32} : () -> i32
  %f = "demo.constant"() {value = 0 : i32} : () -> i32
  "demo.cond_br"(%c, %t, %f)[^then, ^else] : (i1, i32, i32) -> ()
^then(%x: i32):
  "demo.br"(%x)[^merge] : (i32) -> ()
^else(%y: i32):
  "demo.br"(%y)[^merge] : (i32) -> ()
^merge(%m: i32):
  "demo.return"(%m) : (i32) -> ()
}) : () -> ()
