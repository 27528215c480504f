// RUN: not tilec %s --emit nvvm-mlir 2>&1 | FileCheck %s
// What `--emit nvvm-mlir` does not write yet is a located error naming it (docs/mlir-bridge.md):
// here a kernel with clusters.
// CHECK: refused.mlir:5:1: error: --emit nvvm-mlir does not write a kernel with clusters yet
"nv_tileas.kernel"() ({
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
