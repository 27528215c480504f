// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Trailing locations `loc(...)`: file:line:col, unknown, named, call-site and fused locations,
// with parentheses inside strings. An op's location is kept and printed back
// (compiler/ir/src/debuginfo.rs); those of block arguments and of the builtin module are read
// and dropped.
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "demo.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:     {{%[0-9]+}} = "demo.op"(%arg0) {k = 1 : i32} : (i32) -> i32 loc("kernel.py":10:5)
// CHECK-NEXT:     "demo.op2"(%arg1) : (f32) -> () loc(unknown)
// CHECK-NEXT:     "demo.op3"() : () -> () loc("name with (parens)"("a.py":1:2))
// CHECK-NEXT:     "demo.op4"() : () -> () loc(callsite("callee.py":4:1 at "caller.py":8:3))
// CHECK-NEXT:     "demo.op5"() : () -> () loc(fused["a.py":1:1, "b.py":2:2])
// CHECK-NEXT:   }) : () -> () loc("kernel.py":1:1)
// CHECK-NEXT: }) : () -> (){{$}}

"builtin.module"() ({
  "demo.func"() ({
  ^bb0(%x: i32 loc("kernel.py":3:9), %y: f32 loc(unknown)):
    %r = "demo.op"(%x) {k = 1 : i32} : (i32) -> i32 loc("kernel.py":10:5)
    "demo.op2"(%y) : (f32) -> () loc(unknown)
    "demo.op3"() : () -> () loc("name with (parens)"("a.py":1:2))
    "demo.op4"() : () -> () loc(callsite("callee.py":4:1 at "caller.py":8:3))
    "demo.op5"() : () -> () loc(fused["a.py":1:1, "b.py":2:2])
  }) : () -> () loc("kernel.py":1:1)
}) : () -> () loc(unknown)
