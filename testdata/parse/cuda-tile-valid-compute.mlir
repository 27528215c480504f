// RUN: tile-opt %s | tile-opt - | FileCheck %s
// RUN: tile-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// cuda_tile custom syntax, compute ops: constants (NVIDIA's `<T: v>` and `dense<v>`, floats printed
// as MLIR prints them, hex bit patterns), shape ops, tile-block queries, arithmetic (NVIDIA's
// `divi/remi/shri … signed|unsigned` are tilec's divsi/divui, …), comparisons mapped to tilec's
// predicates, and select.
// CHECK:      %0 = constant <i32: -1> : tile<i32>
// CHECK-NEXT: %1 = constant <f32: 2.500000e-01> : tile<128xf32>
// CHECK-NEXT: %2 = constant <bf16: 1.000000e+00> : tile<bf16>
// CHECK-NEXT: %3 = constant <f32: 0x7FC00000> : tile<f32>
// CHECK-NEXT: %4 = constant <i1: false> : tile<i1>
// CHECK-NEXT: %5 = iota : tile<128xi32>
// CHECK-NEXT: %6 = get_tile_block_id {dim = 0 : i32} : tile<i32>
// CHECK-NEXT: %7 = get_num_tile_blocks {dim = 0 : i32} : tile<i32>
// CHECK-NEXT: %8 = reshape %6 : tile<i32> -> tile<1xi32>
// CHECK-NEXT: %9 = broadcast %8 : tile<1xi32> -> tile<128xi32>
// CHECK-NEXT: %10 = addi %5, %9 : tile<128xi32>
// CHECK-NEXT: %11 = broadcast %arg0 : ptr<f32> -> tile<128xptr<f32>>
// CHECK-NEXT: %12 = offset %11, %10 : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
// CHECK-NEXT: %13 = divi %6, %7 signed : tile<i32>
// CHECK-NEXT: %14 = remi %6, %7 unsigned : tile<i32>
// CHECK-NEXT: %15 = shri %6, %0 unsigned : tile<i32>
// CHECK-NEXT: %16 = mulf %1, %1 : tile<128xf32>
// CHECK-NEXT: %17 = cmpi less_than %13, %14, unsigned : tile<i32> -> tile<i1>
// CHECK-NEXT: %18 = cmpf greater_than ordered %16, %1 : tile<128xf32> -> tile<128xi1>
// CHECK-NEXT: %19 = select %17, %13, %15 : tile<i1>, tile<i32>
// GENERIC: "cuda_tile.constant"() {value = -1 : i32} : () -> !cuda_tile.tile<i32>
// GENERIC: "cuda_tile.constant"() {value = 0.25 : f32} : () -> !cuda_tile.tile<128xf32>
// GENERIC: "cuda_tile.constant"() {value = 1.0 : bf16} : () -> !cuda_tile.tile<bf16>
// GENERIC: "cuda_tile.constant"() {value = 0x7FC00000 : f32} : () -> !cuda_tile.tile<f32>
// GENERIC: "cuda_tile.constant"() {value = 0 : i1} : () -> !cuda_tile.tile<i1>
// GENERIC: "cuda_tile.divsi"(
// GENERIC: "cuda_tile.remui"(
// GENERIC: "cuda_tile.shrui"(
// GENERIC: "cuda_tile.cmpi"({{%[0-9]+}}, {{%[0-9]+}}) {predicate = "ult"}
// GENERIC: "cuda_tile.cmpf"({{%[0-9]+}}, {{%[0-9]+}}) {predicate = "ogt"}
// GENERIC: "cuda_tile.select"(

cuda_tile.module @compute {
  entry @k(%out: ptr<f32>) {
    %m1 = constant <i32: 0xFFFFFFFF> : tile<i32>
    %q = constant <f32: 0.25> : tile<128xf32>
    %b = constant dense<1.0> : !cuda_tile.tile<bf16>
    %nan = constant <f32: 0x7FC00000> : tile<f32>
    %no = constant <i1: false> : tile<i1>
    %i = iota : tile<128xi32>
    %bid = get_tile_block_id {dim = 0 : i32} : tile<i32>
    %nb = get_num_tile_blocks {dim = 0 : i32} : tile<i32>
    %b1 = reshape %bid : tile<i32> -> tile<1xi32>
    %bb = broadcast %b1 : tile<1xi32> -> tile<128xi32>
    %idx = addi %i, %bb : tile<128xi32>
    %base = broadcast %out : ptr<f32> -> tile<128xptr<f32>>
    %ptrs = offset %base, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %d = divi %bid, %nb signed : tile<i32>
    %r = remi %bid, %nb unsigned : tile<i32>
    %s = shrui %bid, %m1 : tile<i32>
    %sq = mulf %q, %q : tile<128xf32>
    %lt = cmpi less_than %d, %r, unsigned : tile<i32> -> tile<i1>
    %gt = cmpf greater_than ordered %sq, %q : tile<128xf32> -> tile<128xi1>
    %sel = select %lt, %d, %s : tile<i1>, tile<i32>
    return
  }
}
