// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// Top-level ops that define results. The printer restarts value numbering (%0, %1, ...) for
// every top-level op, but top-level values are visible to every later top-level op and inside
// their regions, so the output defines %0 twice and neither tilec nor mlir-opt re-parses it:
//   %0 = "demo.const"() ...        // %c
//   %0 = "demo.const"() ...        // %d  -> error: redefinition of SSA value '%0'
// The same happens with ONE top-level result if a later top-level op defines values in a region.
// CHECK: [[C:%[0-9]+]] = "demo.const"() {value = 1 : i32} : () -> i32
// CHECK-NEXT: [[D:%[0-9]+]] = "demo.const"() {value = 2 : i32} : () -> i32
// CHECK-NEXT: "demo.use"([[C]], [[D]]) : (i32, i32) -> ()
// CHECK-NEXT: "demo.func"() ({
// CHECK-NEXT:   {{%[0-9]+}} = "demo.add"([[C]], [[D]]) : (i32, i32) -> i32

%c = "demo.const"() {value = 1 : i32} : () -> i32
%d = "demo.const"() {value = 2 : i32} : () -> i32
"demo.use"(%c, %d) : (i32, i32) -> ()
"demo.func"() ({
  %s = "demo.add"(%c, %d) : (i32, i32) -> i32
}) : () -> ()
