// lower-aa-to-as, the cyclic layout with a tail: a 200-element tile on 128 threads gives each
// thread E = ceil(200/128) = 2 elements, t and t+128; element 0 exists in every thread, element 1
// only where t+128 < 200 (threads 72..127 own it past the end), so only element 1's accesses are
// masked, by `t+128 < 200` (computed once in the prologue). A masked load yields 0 for the
// masked-off element; arithmetic runs on both owned elements unmasked.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

cuda_tile.module @m {
  entry @copy200(%src: tile<200xptr<f32>>, %dst: tile<200xptr<f32>>) {
    %t0 = make_token : token
    %v, %t1 = load_ptr_tko weak %src token=%t0 : tile<200xptr<f32>> -> tile<200xf32>, token
    %two = constant <f32: 2.0> : tile<200xf32>
    %w = mulf %v, %two : tile<200xf32>
    %t2 = store_ptr_tko weak %dst, %w token=%t0 : tile<200xptr<f32>>, tile<200xf32> -> token
    return
  } {num_threads = 128 : i32}
}

// CHECK-LABEL: "nv_tileas.kernel"() ({
// CHECK-NEXT: ^bb0([[SRC:%arg[0-9]+]]: !nv_tileas.ptr<global>, [[DST:%arg[0-9]+]]: !nv_tileas.ptr<global>):
// CHECK-NEXT: [[I0:%[0-9]+]] = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
// CHECK-NEXT: [[T:%[0-9]+]] = "nv_tileas.constant"() {value = 128 : i32}
// CHECK-NEXT: [[I1:%[0-9]+]] = "nv_tileas.addi"([[I0]], [[T]])
// CHECK-NEXT: [[N1:%[0-9]+]] = "nv_tileas.constant"() {value = 200 : i32}
// CHECK-NEXT: [[M1:%[0-9]+]] = "nv_tileas.cmpi"([[I1]], [[N1]]) {predicate = "ult"} : (i32, i32) -> i1
// Element 0 of the load, unmasked.
// CHECK-NEXT: [[P0:%[0-9]+]] = "nv_tileas.gep"([[SRC]], [[I0]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: [[V0:%[0-9]+]] = "nv_tileas.ld"([[P0]]) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// Element 1, masked; the masked-off lanes yield 0.
// CHECK-NEXT: [[V1:%[0-9]+]] = "nv_tileas.if"([[M1]]) ({
// CHECK-NEXT: [[P1:%[0-9]+]] = "nv_tileas.gep"([[SRC]], [[I1]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: [[L1:%[0-9]+]] = "nv_tileas.ld"([[P1]])
// CHECK-NEXT: "nv_tileas.yield"([[L1]]) : (f32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: [[Z:%[0-9]+]] = "nv_tileas.constant"() {value = 0.0 : f32}
// CHECK-NEXT: "nv_tileas.yield"([[Z]]) : (f32) -> ()
// CHECK-NEXT: }) : (i1) -> f32
// The multiply: one per owned element, the splat constant shared.
// CHECK-NEXT: [[TWO:%[0-9]+]] = "nv_tileas.constant"() {value = 2.0 : f32}
// CHECK-NEXT: [[W0:%[0-9]+]] = "nv_tileas.mulf"([[V0]], [[TWO]])
// CHECK-NEXT: [[W1:%[0-9]+]] = "nv_tileas.mulf"([[V1]], [[TWO]])
// The store: masked the same way, no barrier (it takes no token from the load).
// CHECK-NOT: "nv_tileas.barrier"
// CHECK-NEXT: [[Q0:%[0-9]+]] = "nv_tileas.gep"([[DST]], [[I0]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: "nv_tileas.st"([[Q0]], [[W0]]) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// CHECK-NEXT: "nv_tileas.if"([[M1]]) ({
// CHECK-NEXT: [[Q1:%[0-9]+]] = "nv_tileas.gep"([[DST]], [[I1]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: "nv_tileas.st"([[Q1]], [[W1]])
// CHECK: "nv_tileas.return"()
// CHECK-NEXT: }) {sym_name = "copy200", num_threads = 128 : i32}
