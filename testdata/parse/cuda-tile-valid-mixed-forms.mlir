// RUN: tile-opt %s | tile-opt - | FileCheck %s
// RUN: tile-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// Both forms are accepted for every op and can be mixed: generic ops inside a custom entry, a
// custom op with its `cuda_tile.` prefix inside a region whose default dialect is cuda_tile, long
// type spellings (`!cuda_tile.tile<…>`, NVIDIA's mixed `!cuda_tile.tile<128xptr<f32>>`), NVIDIA's
// attribute dictionary after the entry body, and ops of other dialects. The printer writes every
// cuda_tile op in the custom form and the rest in the generic form.
// CHECK:      cuda_tile.module @mixed {
// CHECK-NEXT:   entry @k(%arg0: tile<128xptr<f32>>, %arg1: tile<ptr<i32>>) {
// CHECK-NEXT:     [[T0:%[0-9]+]] = make_token : token
// CHECK-NEXT:     [[V:%[0-9]+]], [[T1:%[0-9]+]] = load_ptr_tko relaxed device %arg1 token=[[T0]] : tile<ptr<i32>> -> tile<i32>, token
// CHECK-NEXT:     [[W:%[0-9]+]], [[T2:%[0-9]+]] = load_ptr_tko weak %arg0 token=[[T1]] : tile<128xptr<f32>> -> tile<128xf32>, token
// CHECK-NEXT:     {{%[0-9]+}} = "demo.probe"([[V]]) : (!cuda_tile.tile<i32>) -> i1
// CHECK-NEXT:     {{%[0-9]+}} = join_tokens [[T1]], [[T2]] : token
// CHECK-NEXT:     return
// CHECK-NEXT:   } {num_threads = 256 : i32, cluster_dims = array<i32: 2, 1, 1>}
// CHECK-NEXT: }
// GENERIC:      "cuda_tile.load_ptr_tko"(%arg1, {{%[0-9]+}}) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>}
// GENERIC:      "cuda_tile.load_ptr_tko"(%arg0, {{%[0-9]+}}) {mem_semantic = #mem.sem<weak>}
// GENERIC:      "demo.probe"(
// GENERIC:      "cuda_tile.join_tokens"(
// GENERIC:      }) {sym_name = "k", num_threads = 256 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

cuda_tile.module @mixed {
  entry @k(%data: !cuda_tile.tile<128xptr<f32>>, %flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>) {
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %v, %t1 = cuda_tile.load_ptr_tko relaxed device %flag token=%t0 : tile<ptr<i32>> -> tile<i32>, !cuda_tile.token
    %w, %t2 = "cuda_tile.load_ptr_tko"(%data, %t1) {mem_semantic = #mem.sem<weak>}
        : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.token) -> (!cuda_tile.tile<128xf32>, !cuda_tile.token)
    %p = "demo.probe"(%v) : (!cuda_tile.tile<i32>) -> i1
    %t3 = join_tokens %t1, %t2 : token
    "cuda_tile.return"() : () -> ()
  } {num_threads = 256 : i32, cluster_dims = array<i32: 2, 1, 1>}
}
