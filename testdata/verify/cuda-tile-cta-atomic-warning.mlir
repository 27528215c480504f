// A cta-scope (tl_blk) atomic on global memory is legal cuda_tile (a counter private to one tile
// block) but orders only the threads of one CTA: tilec warns once pointer spaces are known
// (after lower-cuda-tile-to-aa), compiles with exit status 0, and --Werror makes it an error.
// RUN: tilec %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not tilec %s --Werror -o %t 2>&1 | FileCheck %s --check-prefix=ERR

cuda_tile.module @m {
  cuda_tile.entry @k(%flag: tile<ptr<i32>>) {
    %one = constant <i32: 1> : tile<i32>
    %old, %t = atomic_rmw_tko relaxed tl_blk %flag, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

// WARN: cuda-tile-cta-atomic-warning.mlir:10:5: warning: 'atomic_rmw_tko' with scope 'cta' on global memory orders it only with threads of the same CTA
// WARN-NOT: {{warning|error}}:
// ERR: cuda-tile-cta-atomic-warning.mlir:10:5: error: 'atomic_rmw_tko' with scope 'cta' on global memory
