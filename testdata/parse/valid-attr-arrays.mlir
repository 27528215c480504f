// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Array attributes: empty, homogeneous, mixed element kinds, and arrays nested in arrays.
// CHECK: "demo.arrays"() {empty = [], ints = [1 : i32, 2 : i32, 3 : i32], mixed = [1 : i64, "two", 3.0 : f32, true, unit, i8, @sym, #mem.sem<acquire>], nested = {{\[\[}}1 : i64], [], {{\[\[}}"deep"]]]} : () -> ()

"demo.holder"() ({
  "demo.arrays"() {empty = [], ints = [1 : i32, 2 : i32, 3 : i32],
                   mixed = [1, "two", 3.0 : f32, true, unit, i8, @sym, #mem.sem<acquire>],
                   nested = [[1], [], [["deep"]]]} : () -> ()
}) : () -> ()
