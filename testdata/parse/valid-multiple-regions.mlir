// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Ops with two and three regions (if/else and while-style), printed as `({...}, {...})`.
// CHECK: "demo.if"([[C:%[0-9]+]]) ({
// CHECK-NEXT:     "demo.then"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "demo.else"() : () -> ()
// CHECK-NEXT:   }) {hint = "likely"} : (i1) -> ()
// CHECK: "demo.three"() ({
// CHECK: }, {
// CHECK: }, {
// CHECK: }) : () -> ()

"demo.func"() ({
  %c = "demo.cond"() : () -> i1
  "demo.if"(%c) ({
    "demo.then"() : () -> ()
  }, {
    "demo.else"() : () -> ()
  }) {hint = "likely"} : (i1) -> ()
  %r = "demo.while"(%c) ({
  ^bb0(%x: i1):
    "demo.condition"(%x) : (i1) -> ()
  }, {
  ^bb0(%y: i1):
    "demo.yield"(%y) : (i1) -> ()
  }) : (i1) -> i1
  "demo.three"() ({
    "demo.a"() : () -> ()
  }, {
    "demo.b"() : () -> ()
  }, {
    "demo.c"() : () -> ()
  }) : () -> ()
}) : () -> ()
