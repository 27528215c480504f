// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Dialect types: bare (`!cuda_tile.token`), with a type parameter, with shaped parameters
// (`128x64xf32`, `4x!d.ptr<f32>`), keyword parameters (`global`), integer parameters, several
// parameters at once, and types nested three deep.
// CHECK: ^bb0(%arg0: !cuda_tile.token, %arg1: !cuda_tile.tile<i32>, %arg2: !cuda_tile.tile<128x64xf32>, %arg3: !cuda_tile.tile<4x!cuda_tile.ptr<f32>>, %arg4: !nv_tileaa.ptr<global, f32>, %arg5: !nv_tileas.ptr<shared_cluster>, %arg6: !demo.vec<8, -1, i16>, %arg7: !demo.wrap<!demo.wrap<!cuda_tile.tile<2x2xbf16>>>):

"demo.func"() ({
^bb0(%t: !cuda_tile.token, %s: !cuda_tile.tile<i32>, %m: !cuda_tile.tile<128x64xf32>,
     %pp: !cuda_tile.tile<4x!cuda_tile.ptr<f32>>, %aa: !nv_tileaa.ptr<global, f32>,
     %sc: !nv_tileas.ptr<shared_cluster>, %v: !demo.vec<8, -1, i16>,
     %w: !demo.wrap<!demo.wrap<!cuda_tile.tile<2x2xbf16>>>):
  "demo.use"(%t, %s, %m, %pp, %aa, %sc, %v, %w) : (!cuda_tile.token, !cuda_tile.tile<i32>, !cuda_tile.tile<128x64xf32>, !cuda_tile.tile<4x!cuda_tile.ptr<f32>>, !nv_tileaa.ptr<global, f32>, !nv_tileas.ptr<shared_cluster>, !demo.vec<8, -1, i16>, !demo.wrap<!demo.wrap<!cuda_tile.tile<2x2xbf16>>>) -> ()
}) : () -> ()
