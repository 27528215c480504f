// lower-aa-to-as, nv_tileaa input with a shared-memory tile: `alloc_shared` becomes one
// nv_tileas.alloc_shared of N * sizeof(T) bytes in the prologue, a contiguous tile distributed like
// a parameter pointer tile. Staging global → shared → global through tokens: each handoff
// between different pointer tiles gets a CTA barrier (the lowering does not use the fact that
// shared and global memory cannot alias; that refinement is left to later passes).
// RUN: tile-opt %s --passes lower-aa-to-as | FileCheck %s

"nv_tileaa.kernel"() ({
^bb0(%g: !nv_tileaa.tile<128x!nv_tileaa.ptr<global, i32>>):
  %s = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<128x!nv_tileaa.ptr<shared_cta, i32>>
  %v, %t1 = "nv_tileaa.load_ptr_tko"(%g) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, i32>>) -> (!nv_tileaa.tile<128xi32>, !nv_tileaa.token)
  %t2 = "nv_tileaa.store_ptr_tko"(%s, %v, %t1) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<shared_cta, i32>>, !nv_tileaa.tile<128xi32>, !nv_tileaa.token) -> !nv_tileaa.token
  %w, %t3 = "nv_tileaa.load_ptr_tko"(%s, %t2) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<shared_cta, i32>>, !nv_tileaa.token) -> (!nv_tileaa.tile<128xi32>, !nv_tileaa.token)
  %t4 = "nv_tileaa.store_ptr_tko"(%g, %w, %t3) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, i32>>, !nv_tileaa.tile<128xi32>, !nv_tileaa.token) -> !nv_tileaa.token
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "staging", num_threads = 128 : i32} : () -> ()

// CHECK: [[S:%[0-9]+]] = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
// CHECK-NEXT: [[TID:%[0-9]+]] = "nv_tileas.thread_id"
// CHECK-NEXT: "nv_tileas.gep"(%arg0, [[TID]])
// CHECK-NEXT: [[V:%[0-9]+]] = "nv_tileas.ld"
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: [[P:%[0-9]+]] = "nv_tileas.gep"([[S]], [[TID]]) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
// CHECK-NEXT: "nv_tileas.st"([[P]], [[V]]) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}
// The load back through the same shared tile: same layout, no barrier.
// CHECK-NEXT: [[Q:%[0-9]+]] = "nv_tileas.gep"([[S]], [[TID]])
// CHECK-NEXT: [[W:%[0-9]+]] = "nv_tileas.ld"([[Q]]) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.gep"(%arg0, [[TID]])
// CHECK-NEXT: "nv_tileas.st"({{%[0-9]+}}, [[W]]) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
