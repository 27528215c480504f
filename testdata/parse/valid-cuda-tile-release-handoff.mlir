// RUN: tile-opt %s --print-generic | tile-opt - --print-generic | FileCheck %s
// cuda_tile, generic form: the 0-d release handoff of ARCHITECTURE.md ("Contract by example").
// The tile block stores its data (weak), then bumps a 0-d flag with a release atomic add at gpu
// scope; tokens thread the memory ops in program order.
// CHECK: "cuda_tile.module"() ({
// CHECK-NEXT:   "cuda_tile.entry"() ({
// CHECK-NEXT:   ^bb0(%arg0: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %arg1: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
// CHECK-NEXT:     [[T0:%[0-9]+]] = "cuda_tile.make_token"() : () -> !cuda_tile.token
// CHECK-NEXT:     [[V:%[0-9]+]] = "cuda_tile.constant"() {value = 1.0 : f32} : () -> !cuda_tile.tile<128xf32>
// CHECK-NEXT:     [[T1:%[0-9]+]] = "cuda_tile.store_ptr_tko"(%arg0, [[V]], [[T0]]) {mem_semantic = #mem.sem<weak>} : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xf32>, !cuda_tile.token) -> !cuda_tile.token
// CHECK-NEXT:     [[ONE:%[0-9]+]] = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
// CHECK-NEXT:     {{%[0-9]+}}, [[T2:%[0-9]+]] = "cuda_tile.atomic_rmw_tko"(%arg1, [[ONE]], [[T1]]) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
// CHECK-NEXT:     {{%[0-9]+}} = "cuda_tile.fence_tko"([[T2]]) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.token) -> !cuda_tile.token
// CHECK-NEXT:     "cuda_tile.return"() : () -> ()
// CHECK-NEXT:   }) {sym_name = "producer", function_type = (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<!cuda_tile.ptr<i32>>) -> (), num_threads = 128 : i32} : () -> ()
// CHECK-NEXT: }) {sym_name = "handoff"} : () -> ()

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%data: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %v = "cuda_tile.constant"() {value = 1.0 : f32} : () -> !cuda_tile.tile<128xf32>
    %t1 = "cuda_tile.store_ptr_tko"(%data, %v, %t0) {mem_semantic = #mem.sem<weak>}
        : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xf32>, !cuda_tile.token) -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %old, %t2 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t1) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>,
        mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token)
        -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    %t3 = "cuda_tile.fence_tko"(%t2) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.token) -> !cuda_tile.token
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "producer", function_type = (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<!cuda_tile.ptr<i32>>) -> (),
      num_threads = 128 : i32} : () -> ()
}) {sym_name = "handoff"} : () -> ()
