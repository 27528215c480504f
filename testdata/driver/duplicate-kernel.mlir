// One PTX file is one namespace: kernels of two modules may not share a name. The lowering to
// nv_tileaa puts every kernel in one block, whose symbol check reports the second definition at
// the source, in the user's terms.
// RUN: not tilec %s 2>&1 | FileCheck %s

// CHECK: duplicate-kernel.mlir:14:3: error: redefinition of symbol '@twice'
// CHECK: duplicate-kernel.mlir:9:3: note: previously defined here
cuda_tile.module @a {
  entry @twice(%p: tile<ptr<i32>>) {
    return
  }
}
cuda_tile.module @b {
  entry @twice(%p: tile<ptr<i32>>) {
    return
  }
}
