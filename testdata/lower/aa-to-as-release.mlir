// lower-aa-to-as, SYNC-MODEL §2: a 0-d release atomic after an n-d store is a CTA barrier, then
// the op with .release issued by one elected thread; the n-d store is one access per owned
// element (128 elements over 128 threads: one each, no mask).
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%data: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %v = "cuda_tile.constant"() {value = 1.0 : f32} : () -> !cuda_tile.tile<128xf32>
    %t1 = "cuda_tile.store_ptr_tko"(%data, %v, %t0) {mem_semantic = #mem.sem<weak>} : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xf32>, !cuda_tile.token) -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %old, %t2 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t1) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "producer", num_threads = 128 : i32} : () -> ()
}) : () -> ()

// CHECK: "nv_tileas.kernel"() ({
// CHECK-NEXT: ^bb0(%arg0: !nv_tileas.ptr<global>, %arg1: !nv_tileas.ptr<global>):
// CHECK-NEXT: [[TID:%[0-9]+]] = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
// CHECK-NEXT: [[V:%[0-9]+]] = "nv_tileas.constant"() {value = 1.0 : f32} : () -> f32
// CHECK-NEXT: [[P:%[0-9]+]] = "nv_tileas.gep"(%arg0, [[TID]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: "nv_tileas.st"([[P]], [[V]]) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// CHECK-NEXT: [[ONE:%[0-9]+]] = "nv_tileas.constant"() {value = 1 : i32}
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
// CHECK-NEXT: "nv_tileas.elect"() ({
// CHECK-NEXT: "nv_tileas.atom"(%arg1, [[ONE]]) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: "nv_tileas.yield"()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "nv_tileas.return"()
