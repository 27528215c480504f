// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Only the single outermost "builtin.module" is unwrapped: a module nested inside it is an
// ordinary op and keeps its region and attributes.
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "builtin.module"() ({
// CHECK-NEXT:     "demo.inside"() : () -> ()
// CHECK-NEXT:   }) {sym_name = "inner"} : () -> ()
// CHECK-NEXT:   "demo.outside"() : () -> ()
// CHECK-NEXT: }) {sym_name = "outer"} : () -> ()

"builtin.module"() ({
  "builtin.module"() ({
    "demo.inside"() : () -> ()
  }) {sym_name = "inner"} : () -> ()
  "demo.outside"() : () -> ()
}) {sym_name = "outer"} : () -> ()
