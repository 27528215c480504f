// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s
// 16-bit float arithmetic is computed on f32 (cuda_tile_expand): each operand widened by ftof
// (exact), the op on f32 with its attributes, the result rounded back to nearest by ftof; a
// comparison keeps its i1 result. Correctly rounded for + - × ÷ √ (f32's 24 bits are at least
// twice f16's 11 plus 2), exact for max, min, neg, abs, cmp. Not widened: fma and a directed
// rounding (testdata/lower/aa-to-as-mmaf-unsupported.mlir), and f32 arithmetic (CHECK-NOT).
cuda_tile.module @m {
  entry @k(%x: tile<8xf16>, %b: tile<8xbf16>, %f: tile<8xf32>) {
    %s = addf %x, %x : tile<8xf16>
    %m = maxf %s, %x propagate_nan : tile<8xf16>
    %c = cmpf less_than ordered %b, %b : tile<8xbf16> -> tile<8xi1>
    %g = addf %f, %f : tile<8xf32>
    %e = exp %x rounding<full> : tile<8xf16>
    return
  }
}
// CHECK: [[X:%[0-9]+]] = "nv_tileaa.ftof"(%arg0) : (!nv_tileaa.tile<8xf16>) -> !nv_tileaa.tile<8xf32>
// CHECK: [[X2:%[0-9]+]] = "nv_tileaa.ftof"(%arg0) : (!nv_tileaa.tile<8xf16>) -> !nv_tileaa.tile<8xf32>
// CHECK: [[S:%[0-9]+]] = "nv_tileaa.addf"([[X]], [[X2]]) : (!nv_tileaa.tile<8xf32>, !nv_tileaa.tile<8xf32>) -> !nv_tileaa.tile<8xf32>
// CHECK: [[S16:%[0-9]+]] = "nv_tileaa.ftof"([[S]]) : (!nv_tileaa.tile<8xf32>) -> !nv_tileaa.tile<8xf16>
// CHECK: "nv_tileaa.ftof"([[S16]]) : (!nv_tileaa.tile<8xf16>) -> !nv_tileaa.tile<8xf32>
// CHECK: "nv_tileaa.maxf"({{.*}}) {propagate_nan} : (!nv_tileaa.tile<8xf32>, !nv_tileaa.tile<8xf32>) -> !nv_tileaa.tile<8xf32>
// CHECK: "nv_tileaa.ftof"({{.*}}) : (!nv_tileaa.tile<8xf32>) -> !nv_tileaa.tile<8xf16>
// CHECK: "nv_tileaa.ftof"(%arg1) : (!nv_tileaa.tile<8xbf16>) -> !nv_tileaa.tile<8xf32>
// CHECK: "nv_tileaa.cmpf"({{.*}}) {{.*}} : (!nv_tileaa.tile<8xf32>, !nv_tileaa.tile<8xf32>) -> !nv_tileaa.tile<8xi1>
// CHECK-NOT: "nv_tileaa.ftof"(%arg2)
// CHECK: "nv_tileaa.addf"(%arg2, %arg2) : (!nv_tileaa.tile<8xf32>, !nv_tileaa.tile<8xf32>) -> !nv_tileaa.tile<8xf32>
// An exp of full precision is widened too (only a directed rounding is not).
// CHECK: "nv_tileaa.exp"({{.*}}) {{.*}}: (!nv_tileaa.tile<8xf32>) -> !nv_tileaa.tile<8xf32>
