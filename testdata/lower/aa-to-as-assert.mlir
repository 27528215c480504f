// RUN: tilec %s --emit nv_tileas -o - | FileCheck %s
// RUN: tilec %s -o - | FileCheck %s --check-prefix=PTX
// assert (passes/src/lower/aa_to_as/print.rs): each thread prints, for every false element it
// owns, the message (its `%` doubled) with the element's index, and calls __assertfail when any
// was false; 200 elements over 128 threads: element 1 of a thread exists for t < 72, so its
// failure is masked. A 0-d condition is the elected thread's.

cuda_tile.module @m {
  entry @k(%c: tile<i1>, %p: tile<200xptr<i32>>) {
    assert %c, "scalar 100% wrong" : tile<i1>
    %v, %t = load_ptr_tko weak %p : tile<200xptr<i32>> -> tile<200xi32>, token
    %z = constant <i32: 0> : tile<200xi32>
    %ok = cmpi not_equal %v, %z, signed : tile<200xi32> -> tile<200xi1>
    assert %ok, "nonzero" : tile<200xi1>
    return
  }
}

// CHECK: "nv_tileas.elect"() ({
// CHECK: %[[BAD:[0-9]+]] = "nv_tileas.xori"(%{{[a-z0-9]+}}, %{{[0-9]+}}) : (i1, i1) -> i1
// CHECK: "nv_tileas.if"(%[[BAD]]) ({
// CHECK-NEXT: "nv_tileas.printf"(%{{[0-9]+}}) {format = "scalar 100%% wrong (element %d of the tile)\n"} : (i32) -> ()
// CHECK-NEXT: "nv_tileas.assert_fail"() {message = "scalar 100% wrong"} : () -> ()
// CHECK: %[[B0:[0-9]+]] = "nv_tileas.xori"
// CHECK: "nv_tileas.if"(%[[B0]]) ({
// CHECK-NEXT: "nv_tileas.printf"(%{{[0-9]+}}) {format = "nonzero (element %d of the tile)\n"}
// CHECK: %[[X1:[0-9]+]] = "nv_tileas.xori"
// CHECK-NEXT: %[[B1:[0-9]+]] = "nv_tileas.andi"(%[[X1]], %{{[0-9]+}})
// CHECK: "nv_tileas.if"(%[[B1]]) ({
// CHECK: %[[ANY:[0-9]+]] = "nv_tileas.ori"(%[[B0]], %[[B1]])
// CHECK-NEXT: "nv_tileas.if"(%[[ANY]]) ({
// CHECK-NEXT: "nv_tileas.assert_fail"() {message = "nonzero"}

// PTX: .extern .func __assertfail
// PTX: call.uni __assertfail, (__tilec_a0, __tilec_a1, __tilec_a2, __tilec_a3, __tilec_a4);
