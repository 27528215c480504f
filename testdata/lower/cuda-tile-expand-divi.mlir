// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s
// RUN: tile-opt %s | tile-opt - | FileCheck %s --check-prefix=ROUND
// NVIDIA's divi with a directed rounding (cuTile Python's `//`) is kept as cuda_tile.divi and
// expanded before lowering (passes/src/lower/cuda_tile_expand.rs, `directed_div`): the
// truncating quotient q and remainder r, then q - 1 where r != 0 and r, b differ in sign
// (floor), q + 1 where r != 0 and they agree (ceiling), q + 1 where r != 0 (unsigned ceiling).
// (An unsigned floor is an error, as in NVIDIA's verifier: testdata/verify/cuda-tile-divi.mlir.)

cuda_tile.module @m {
  entry @k(%p: tile<128xptr<i32>>) {
    %v, %t = load_ptr_tko weak %p : tile<128xptr<i32>> -> tile<128xi32>, token
    %c = constant <i32: 3> : tile<128xi32>
    %f = divi %v, %c signed rounding<negative_inf> : tile<128xi32>
    %g = divi %f, %c signed rounding<positive_inf> : tile<128xi32>
    %h = divi %g, %c unsigned rounding<positive_inf> : tile<128xi32>
    %u = divi %h, %c unsigned : tile<128xi32>
    %t2 = store_ptr_tko weak %p, %u token=%t : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}

// ROUND: divi %{{[0-9]+}}, %{{[0-9]+}} signed rounding<negative_inf> : tile<128xi32>
// ROUND: divi %{{[0-9]+}}, %{{[0-9]+}} signed rounding<positive_inf> : tile<128xi32>
// ROUND: divi %{{[0-9]+}}, %{{[0-9]+}} unsigned rounding<positive_inf> : tile<128xi32>
// ROUND: divi %{{[0-9]+}}, %{{[0-9]+}} unsigned : tile<128xi32>

// floor
// CHECK: [[Q:%[0-9]+]] = "nv_tileaa.divsi"([[A:%[0-9]+]], [[B:%[0-9]+]])
// CHECK-NEXT: [[R:%[0-9]+]] = "nv_tileaa.remsi"([[A]], [[B]])
// CHECK-NEXT: [[Z:%[0-9]+]] = "nv_tileaa.constant"() {value = 0 : i32}
// CHECK-NEXT: [[NZ:%[0-9]+]] = "nv_tileaa.cmpi"([[R]], [[Z]]) {predicate = "ne"}
// CHECK-NEXT: [[RN:%[0-9]+]] = "nv_tileaa.cmpi"([[R]], [[Z]]) {predicate = "slt"}
// CHECK-NEXT: [[BN:%[0-9]+]] = "nv_tileaa.cmpi"([[B]], [[Z]]) {predicate = "slt"}
// CHECK-NEXT: [[DIFF:%[0-9]+]] = "nv_tileaa.cmpi"([[RN]], [[BN]]) {predicate = "ne"}
// CHECK-NEXT: [[FIX:%[0-9]+]] = "nv_tileaa.andi"([[NZ]], [[DIFF]])
// CHECK-NEXT: [[M1:%[0-9]+]] = "nv_tileaa.constant"() {value = -1 : i32}
// CHECK-NEXT: [[QM:%[0-9]+]] = "nv_tileaa.addi"([[Q]], [[M1]])
// CHECK-NEXT: "nv_tileaa.select"([[FIX]], [[QM]], [[Q]])
// ceiling: the signs agree
// CHECK: "nv_tileaa.divsi"
// CHECK: "nv_tileaa.cmpi"({{.*}}) {predicate = "eq"}
// CHECK: "nv_tileaa.constant"() {value = 1 : i32}
// unsigned ceiling: any remainder
// CHECK: [[UQ:%[0-9]+]] = "nv_tileaa.divui"
// CHECK-NEXT: [[UR:%[0-9]+]] = "nv_tileaa.remui"
// CHECK-NEXT: [[UZ:%[0-9]+]] = "nv_tileaa.constant"() {value = 0 : i32}
// CHECK-NEXT: [[UNZ:%[0-9]+]] = "nv_tileaa.cmpi"([[UR]], [[UZ]]) {predicate = "ne"}
// CHECK-NEXT: [[ONE:%[0-9]+]] = "nv_tileaa.constant"() {value = 1 : i32}
// CHECK-NEXT: [[UQ1:%[0-9]+]] = "nv_tileaa.addi"([[UQ]], [[ONE]])
// CHECK-NEXT: "nv_tileaa.select"([[UNZ]], [[UQ1]], [[UQ]])
// the truncating unsigned division
// CHECK-NEXT: "nv_tileaa.divui"
// CHECK-NEXT: "nv_tileaa.store_ptr_tko"
