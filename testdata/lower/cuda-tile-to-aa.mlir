// lower-cuda-tile-to-aa: entries become top-level nv_tileaa.kernel ops, kernel-parameter pointers
// become global pointers, and every (semantic, scope) pair is copied unchanged.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>, %data: !cuda_tile.tile<64x!cuda_tile.ptr<f32>>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %old, %t1 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t0) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    %t2 = "cuda_tile.fence_tko"(%t1) {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : (!cuda_tile.token) -> !cuda_tile.token
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "k", num_threads = 64 : i32} : () -> ()
}) {sym_name = "m"} : () -> ()

// CHECK: "builtin.module"() ({
// CHECK-NEXT: "nv_tileaa.kernel"() ({
// CHECK-NEXT: ^bb0(%arg0: !nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>, %arg1: !nv_tileaa.tile<64x!nv_tileaa.ptr<global, f32>>):
// CHECK: "nv_tileaa.make_token"() : () -> !nv_tileaa.token
// CHECK: "nv_tileaa.atomic_rmw_tko"(%arg0, {{.*}}) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>}
// CHECK-SAME: -> (!nv_tileaa.tile<i32>, !nv_tileaa.token)
// CHECK: "nv_tileaa.fence_tko"({{.*}}) {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>}
// CHECK: "nv_tileaa.return"()
// CHECK: }) {sym_name = "k", num_threads = 64 : i32} : () -> ()
// CHECK-NOT: cuda_tile.
