// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Types used as attribute values: builtin scalars, dialect types with parameters, and function
// types (including multi-result and nested function types).
// CHECK: "demo.typed"() {a = i32, b = f64, c = index, d = !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, e = !nv_tileas.ptr<shared_cta>}
// CHECK: "demo.fn"() {function_type = (!cuda_tile.tile<i32>, i1) -> (), two = (i32) -> (i32, f32), nested = (i32) -> ((i32) -> i32), none = () -> ()}

"demo.holder"() ({
  "demo.typed"() {a = i32, b = f64, c = index, d = !cuda_tile.tile<128x!cuda_tile.ptr<f32>>,
                  e = !nv_tileas.ptr<shared_cta>} : () -> ()
  "demo.fn"() {function_type = (!cuda_tile.tile<i32>, i1) -> (), two = (i32) -> (i32, f32),
               nested = (i32) -> ((i32) -> i32), none = () -> ()} : () -> ()
}) : () -> ()
