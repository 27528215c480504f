// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Ops written at the top level without a "builtin.module" wrapper: the printer wraps them.
// (None of them defines a result: see the report on top-level result numbering.)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "demo.alpha"() : () -> ()
// CHECK-NEXT:   "demo.beta"() {tag = "b"} : () -> ()
// CHECK-NEXT:   "demo.gamma"() ({
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()

"demo.alpha"() : () -> ()
"demo.beta"() {tag = "b"} : () -> ()
"demo.gamma"() ({}) : () -> ()
