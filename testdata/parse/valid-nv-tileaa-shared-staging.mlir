// RUN: tile-opt %s | tile-opt - | FileCheck %s
// nv_tileaa, generic form: the release handoff after address annotation. Every pointer type
// carries its space (`!nv_tileaa.ptr<global, f32>`), scopes are normalized (gpu, cta), and the
// tile is staged through `alloc_shared` memory before it is published with a release atomic.
// CHECK: "nv_tileaa.kernel"() ({
// CHECK-NEXT:   ^bb0(%arg0: !nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, %arg1: !nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>):
// CHECK:          [[SH:%[0-9]+]] = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<128x!nv_tileaa.ptr<shared_cta, f32>>
// CHECK:          {{%[0-9]+}} = "nv_tileaa.store_ptr_tko"([[SH]], {{%[0-9]+}}, {{%[0-9]+}}) {mem_semantic = #mem.sem<weak>}
// CHECK:          {{%[0-9]+}}, {{%[0-9]+}} = "nv_tileaa.atomic_rmw_tko"(%arg1, {{%[0-9]+}}, {{%[0-9]+}}) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>, !nv_tileaa.tile<i32>, !nv_tileaa.token) -> (!nv_tileaa.tile<i32>, !nv_tileaa.token)
// CHECK: }) {sym_name = "staged_producer", num_threads = 128 : i32} : () -> ()

"nv_tileaa.kernel"() ({
^bb0(%data: !nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, %flag: !nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>):
  %t0 = "nv_tileaa.make_token"() : () -> !nv_tileaa.token
  %sh = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<128x!nv_tileaa.ptr<shared_cta, f32>>
  %v = "nv_tileaa.constant"() {value = 2.5 : f32} : () -> !nv_tileaa.tile<128xf32>
  %t1 = "nv_tileaa.store_ptr_tko"(%sh, %v, %t0) {mem_semantic = #mem.sem<weak>}
      : (!nv_tileaa.tile<128x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.tile<128xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  %t2 = "nv_tileaa.fence_tko"(%t1) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : (!nv_tileaa.token) -> !nv_tileaa.token
  %w, %t3 = "nv_tileaa.load_ptr_tko"(%sh, %t2) {mem_semantic = #mem.sem<weak>}
      : (!nv_tileaa.tile<128x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.token) -> (!nv_tileaa.tile<128xf32>, !nv_tileaa.token)
  %t4 = "nv_tileaa.store_ptr_tko"(%data, %w, %t3) {mem_semantic = #mem.sem<weak>}
      : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<128xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  %one = "nv_tileaa.constant"() {value = 1 : i32} : () -> !nv_tileaa.tile<i32>
  %old, %t5 = "nv_tileaa.atomic_rmw_tko"(%flag, %one, %t4) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
      : (!nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>, !nv_tileaa.tile<i32>, !nv_tileaa.token) -> (!nv_tileaa.tile<i32>, !nv_tileaa.token)
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "staged_producer", num_threads = 128 : i32} : () -> ()
