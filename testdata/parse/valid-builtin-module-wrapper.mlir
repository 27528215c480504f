// RUN: tile-opt %s | tile-opt - | FileCheck %s
// An explicit top-level "builtin.module" is unwrapped on parse and printed back exactly once,
// with its (dialect-prefixed) attributes after the region.
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "demo.first"() : () -> ()
// CHECK-NEXT:   "demo.second"() {n = 2 : i32} : () -> ()
// CHECK-NEXT: }) {sym_name = "wrapped", tilec.target = "sm_90a"} : () -> ()
// CHECK-NOT: builtin.module

"builtin.module"() ({
  "demo.first"() : () -> ()
  "demo.second"() {n = 2 : i32} : () -> ()
}) {sym_name = "wrapped", tilec.target = "sm_90a"} : () -> ()
