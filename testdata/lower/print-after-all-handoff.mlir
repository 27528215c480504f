// --print-after-all on the release handoff example: the (semantic, scope) pair of the flag atomic
// is on the op, unchanged, after every pass of the pipeline, down to the printed PTX.
// RUN: tilec %S/../examples/handoff_release.mlir --print-after-all -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX --input-file %t

// CHECK-LABEL: IR Dump After verify-mem-legality
// CHECK: "cuda_tile.atomic_rmw_tko"({{.*}}) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
// CHECK-LABEL: IR Dump After lower-cuda-tile-to-aa
// CHECK: "nv_tileaa.atomic_rmw_tko"({{.*}}) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
// CHECK-LABEL: IR Dump After verify-mem-legality
// CHECK: "nv_tileaa.atomic_rmw_tko"({{.*}}) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
// CHECK-LABEL: IR Dump After lower-aa-to-as
// CHECK: "nv_tileas.atom"({{.*}}) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
// CHECK-LABEL: IR Dump After lower-as-to-ptx
// CHECK: "ptx.atom"({{.*}}) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}

// PTX: bar.sync 0;
// PTX: atom.release.gpu.global.add.u32
