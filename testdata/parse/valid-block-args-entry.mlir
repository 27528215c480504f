// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Entry-block arguments: a labelled entry block with arguments of several types; arguments are
// renamed %argN and the label becomes ^bb0.
// CHECK: "demo.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: !demo.ptr<global>, %arg2: index, %arg3: f16):
// CHECK-NEXT:     "demo.use"(%arg1, %arg0, %arg2, %arg3) : (!demo.ptr<global>, i32, index, f16) -> ()
// CHECK: "demo.loop"() ({
// CHECK-NEXT:     ^bb0(%arg4: index):

"demo.func"() ({
^entry(%n: i32, %p: !demo.ptr<global>, %i: index, %h: f16):
  "demo.use"(%p, %n, %i, %h) : (!demo.ptr<global>, i32, index, f16) -> ()
  "demo.loop"() ({
  ^body(%iv: index):
    "demo.use_iv"(%iv, %n) : (index, i32) -> ()
  }) : () -> ()
}) : () -> ()
