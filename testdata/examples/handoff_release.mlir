// The 0-d release handoff of ARCHITECTURE.md ("Contract by example"), in the generic form: the
// tile block publishes 128 values, then bumps a flag with a release atomic at device scope.
"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%data: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %v = "cuda_tile.constant"() {value = 1.0 : f32} : () -> !cuda_tile.tile<128xf32>
    %t1 = "cuda_tile.store_ptr_tko"(%data, %v, %t0) {mem_semantic = #mem.sem<weak>}
        : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xf32>, !cuda_tile.token) -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %old, %t2 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t1)
        {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    %t3 = "cuda_tile.fence_tko"(%t2) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>}
        : (!cuda_tile.token) -> !cuda_tile.token
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "producer", num_threads = 128 : i32} : () -> ()
}) {sym_name = "handoff"} : () -> ()
