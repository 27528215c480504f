// RUN: tile-opt %s | tile-opt - | FileCheck %s
// RUN: tile-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// cuda_tile custom syntax: the release handoff of ARCHITECTURE.md ("Contract by example") with
// both token spellings (`token = %t` and NVIDIA's `token=%t`), NVIDIA's and tilec's scope
// keywords, and the entry attributes before the body (the ARCHITECTURE form). The printer writes
// NVIDIA's spellings (`device`, `tl_blk`, `token=%t`, attributes after the body) and the result
// reads back to the same text.
// CHECK:      cuda_tile.module @handoff {
// CHECK-NEXT:   entry @producer(%arg0: tile<128xptr<f32>>, %arg1: tile<ptr<i32>>) {
// CHECK-NEXT:     [[T0:%[0-9]+]] = make_token : token
// CHECK-NEXT:     [[V:%[0-9]+]] = constant <f32: 1.000000e+00> : tile<128xf32>
// CHECK-NEXT:     [[T1:%[0-9]+]] = store_ptr_tko weak %arg0, [[V]] token=[[T0]] : tile<128xptr<f32>>, tile<128xf32> -> token
// CHECK-NEXT:     [[ONE:%[0-9]+]] = constant <i32: 1> : tile<i32>
// CHECK-NEXT:     {{%[0-9]+}}, [[T2:%[0-9]+]] = atomic_rmw_tko release device %arg1, add, [[ONE]] token=[[T1]] : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
// CHECK-NEXT:     [[T3:%[0-9]+]] = fence_tko acq_rel device token=[[T2]] : token
// CHECK-NEXT:     {{%[0-9]+}} = store_ptr_tko relaxed tl_blk %arg1, [[ONE]] token=[[T3]] : tile<ptr<i32>>, tile<i32> -> token
// CHECK-NEXT:     return
// CHECK-NEXT:   } {num_threads = 128 : i32}
// CHECK-NEXT: }
// GENERIC:      "cuda_tile.module"() ({
// GENERIC-NEXT:   "cuda_tile.entry"() ({
// GENERIC-NEXT:   ^bb0(%arg0: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %arg1: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
// GENERIC:          "cuda_tile.store_ptr_tko"(%arg0, {{%[0-9]+}}, {{%[0-9]+}}) {mem_semantic = #mem.sem<weak>}
// GENERIC:          "cuda_tile.atomic_rmw_tko"(%arg1, {{%[0-9]+}}, {{%[0-9]+}}) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
// GENERIC-NEXT:     {{%[0-9]+}} = "cuda_tile.fence_tko"({{%[0-9]+}}) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.token) -> !cuda_tile.token
// GENERIC-NEXT:     {{%[0-9]+}} = "cuda_tile.store_ptr_tko"(%arg1, {{%[0-9]+}}, {{%[0-9]+}}) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>}
// GENERIC-NEXT:     "cuda_tile.return"() : () -> ()
// GENERIC-NEXT:   }) {sym_name = "producer", num_threads = 128 : i32} : () -> ()
// GENERIC-NEXT: }) {sym_name = "handoff"} : () -> ()

cuda_tile.module @handoff {
  cuda_tile.entry @producer(%data: tile<128xptr<f32>>, %flag: tile<ptr<i32>>) attributes {num_threads = 128 : i32} {
    %t0 = make_token : token
    %v = constant <f32: 1.0> : tile<128xf32>
    %t1 = store_ptr_tko weak %data, %v token = %t0 : tile<128xptr<f32>>, tile<128xf32> -> token
    %one = constant <i32: 1> : tile<i32>
    %old, %t2 = atomic_rmw_tko release device %flag, add, %one token=%t1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %t3 = fence_tko acq_rel gpu token = %t2 : token
    // tilec's `cta` reads as NVIDIA's `tl_blk`.
    %t4 = store_ptr_tko relaxed cta %flag, %one token=%t3 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
