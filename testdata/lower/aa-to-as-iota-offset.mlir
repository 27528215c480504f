// lower-aa-to-as, iota and offset: `iota` gives each owned element its flattened index (thread t
// owns t, t+T, …, t+(E-1)T: the cyclic layout); a pointer tile built with NVIDIA's contiguous-view idiom
// `offset(broadcast(reshape(p)), iota + k)` is one pointer (gep) per owned element; a parameter
// pointer tile shifted by a uniform index stays a contiguous tile (one gep of the base); an n-d
// iota counts in row-major order, in the iota's element type.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

cuda_tile.module @m {
  entry @view(%p: tile<ptr<i32>>, %k: tile<i32>) {
    %t0 = make_token : token
    %i = iota : tile<256xi32>
    %k1 = reshape %k : tile<i32> -> tile<1xi32>
    %ks = broadcast %k1 : tile<1xi32> -> tile<256xi32>
    %idx = addi %i, %ks : tile<256xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %q = offset %pb, %idx : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %t1 = store_ptr_tko weak %q, %i token=%t0 : tile<256xptr<i32>>, tile<256xi32> -> token
    return
  }
  entry @shifted(%base: tile<128xptr<f32>>, %k: tile<i32>) {
    %k1 = reshape %k : tile<i32> -> tile<1xi32>
    %ks = broadcast %k1 : tile<1xi32> -> tile<128xi32>
    %q = offset %base, %ks : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %v, %t = load_ptr_tko weak %q : tile<128xptr<f32>> -> tile<128xf32>, token
    %t2 = store_ptr_tko weak %base, %v token=%t : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @iota2d(%out: tile<4x64xptr<i64>>) {
    %i = iota : tile<4x64xi64>
    %t = store_ptr_tko weak %out, %i : tile<4x64xptr<i64>>, tile<4x64xi64> -> token
    return
  }
}

// 256 elements on 128 threads: indices t and t+128, plus k; one gep each from the 0-d pointer.
// CHECK-LABEL: "nv_tileas.kernel"() ({
// CHECK-NEXT: ^bb0([[P:%arg[0-9]+]]: !nv_tileas.ptr<global>, [[K:%arg[0-9]+]]: i32):
// CHECK-NEXT: [[I0:%[0-9]+]] = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
// CHECK-NEXT: [[C128:%[0-9]+]] = "nv_tileas.constant"() {value = 128 : i32}
// CHECK-NEXT: [[I1:%[0-9]+]] = "nv_tileas.addi"([[I0]], [[C128]])
// CHECK-NEXT: [[X0:%[0-9]+]] = "nv_tileas.addi"([[I0]], [[K]])
// CHECK-NEXT: [[X1:%[0-9]+]] = "nv_tileas.addi"([[I1]], [[K]])
// CHECK-NEXT: [[Q0:%[0-9]+]] = "nv_tileas.gep"([[P]], [[X0]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: [[Q1:%[0-9]+]] = "nv_tileas.gep"([[P]], [[X1]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: "nv_tileas.st"([[Q0]], [[I0]]) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// CHECK-NEXT: "nv_tileas.st"([[Q1]], [[I1]])
// CHECK-NEXT: "nv_tileas.return"()
// CHECK-NEXT: }) {sym_name = "view", num_threads = 128 : i32}

// base + k is still contiguous: one gep of the base, then one per owned element. The store
// through `base` takes the load's token and touches other threads' elements (thread t stores
// base[t], which thread t-k loaded): a barrier between them.
// CHECK-LABEL: "nv_tileas.kernel"() ({
// CHECK-NEXT: ^bb0([[B:%arg[0-9]+]]: !nv_tileas.ptr<global>, [[K2:%arg[0-9]+]]: i32):
// CHECK-NEXT: [[T2:%[0-9]+]] = "nv_tileas.thread_id"()
// CHECK-NEXT: [[BK:%[0-9]+]] = "nv_tileas.gep"([[B]], [[K2]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: [[A:%[0-9]+]] = "nv_tileas.gep"([[BK]], [[T2]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: [[V:%[0-9]+]] = "nv_tileas.ld"([[A]])
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: [[S:%[0-9]+]] = "nv_tileas.gep"([[B]], [[T2]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: "nv_tileas.st"([[S]], [[V]])
// CHECK-NEXT: "nv_tileas.return"()

// A 4x64 i64 iota: flattened indices t and t+128 computed in i64 (thread_id read as i64); the
// pointers index with i32.
// CHECK-LABEL: "nv_tileas.kernel"() ({
// CHECK-NEXT: ^bb0([[O:%arg[0-9]+]]: !nv_tileas.ptr<global>):
// CHECK-NEXT: [[J0:%[0-9]+]] = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i64
// CHECK-NEXT: [[C128:%[0-9]+]] = "nv_tileas.constant"() {value = 128 : i64}
// CHECK-NEXT: [[J1:%[0-9]+]] = "nv_tileas.addi"([[J0]], [[C128]]) : (i64, i64) -> i64
// CHECK: [[G0:%[0-9]+]] = "nv_tileas.gep"([[O]], {{%[0-9]+}}) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i32)
// CHECK-NEXT: "nv_tileas.st"([[G0]], [[J0]]) {{.*}} : (!nv_tileas.ptr<global>, i64) -> ()
// CHECK-NEXT: [[G1:%[0-9]+]] = "nv_tileas.gep"([[O]], {{%[0-9]+}}) {elem_bytes = 8 : i64}
// CHECK-NEXT: "nv_tileas.st"([[G1]], [[J1]])
