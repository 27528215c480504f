// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Builtin types as value types: integers i1..i128 (odd widths too), f16, bf16, f32, f64, index,
// and function types as result types (printed in parentheses).
// CHECK: ^bb0(%arg0: i1, %arg1: i7, %arg2: i8, %arg3: i16, %arg4: i32, %arg5: i64, %arg6: i128, %arg7: f16, %arg8: bf16, %arg9: f32, %arg10: f64, %arg11: index):
// CHECK: {{%[0-9]+}} = "demo.make_fn"() : () -> ((i32, f32) -> (i1, index))
// CHECK: {{%[0-9]+}} = "demo.make_fn0"() : () -> (() -> ())

"demo.func"() ({
^bb0(%a: i1, %b: i7, %c: i8, %d: i16, %e: i32, %f: i64, %g: i128, %h: f16, %i: bf16, %j: f32, %k: f64, %l: index):
  "demo.use"(%a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k, %l) : (i1, i7, i8, i16, i32, i64, i128, f16, bf16, f32, f64, index) -> ()
  %fn = "demo.make_fn"() : () -> ((i32, f32) -> (i1, index))
  %fn0 = "demo.make_fn0"() : () -> (() -> ())
  "demo.call"(%fn, %e, %j) : ((i32, f32) -> (i1, index), i32, f32) -> ()
}) : () -> ()
