// What Tile IR bytecode cannot hold is a located error per op, never a silent change
// (compiler/bytecode/src/write/): tilec's `cluster` scope and `sc` semantic, its `fence_tko`, an
// atomic `inc`; the rest of the kernel is still checked.
// RUN: not tile-opt %s --emit-bytecode 2>&1 | FileCheck %s
cuda_tile.module @m {
  entry @k(%flag: tile<ptr<i32>>) {
    %one = constant <i32: 1> : tile<i32>
    %t0 = make_token : token
    // CHECK: emit-errors.mlir:10:5: error: tilec's 'cluster' scope has no Tile IR bytecode form
    %a, %t1 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t0)
        {kind = #mem.rmw<add>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    // CHECK: emit-errors.mlir:14:5: error: atomic 'inc' has no Tile IR bytecode form
    %b, %t2 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t0)
        {kind = #mem.rmw<inc>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    // CHECK: emit-errors.mlir:18:5: error: 'cuda_tile.fence_tko' has no Tile IR bytecode form (NVIDIA's format has no such op)
    %t3 = "cuda_tile.fence_tko"(%t0) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>}
        : (!cuda_tile.token) -> !cuda_tile.token
    // An op using a value of one that failed is not reported again.
    %c = addi %a, %one : tile<i32>
    return
  }
}
