// lower-aa-to-as, SYNC-MODEL §2: a 0-d acquire load is the elected load with .acquire, then a CTA
// barrier; its result is broadcast to every thread through shared memory (a store in the elected
// region, the barrier, a load by all). acq_rel/sc tile ops get a barrier on both sides.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>, %out: !cuda_tile.tile<128x!cuda_tile.ptr<i32>>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %x, %t1 = "cuda_tile.load_ptr_tko"(%flag, %t0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    %bx = "cuda_tile.constant"() {value = 7 : i32} : () -> !cuda_tile.tile<128xi32>
    %t2 = "cuda_tile.store_ptr_tko"(%out, %bx, %t1) {mem_semantic = #mem.sem<weak>} : (!cuda_tile.tile<128x!cuda_tile.ptr<i32>>, !cuda_tile.tile<128xi32>, !cuda_tile.token) -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %o, %t3 = "cuda_tile.atomic_rmw_tko"(%flag, %x, %t2) {kind = #mem.rmw<exch>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "consumer", num_threads = 128 : i32} : () -> ()
}) : () -> ()

// CHECK: "nv_tileas.kernel"() ({
// CHECK: [[SLOT:%[0-9]+]] = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
// CHECK: "nv_tileas.elect"() ({
// CHECK-NEXT: [[X:%[0-9]+]] = "nv_tileas.ld"(%arg0) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: "nv_tileas.st"([[SLOT]], [[X]]) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}
// CHECK-NEXT: "nv_tileas.yield"()
// CHECK-NEXT: })
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: [[B:%[0-9]+]] = "nv_tileas.ld"([[SLOT]]) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}
// The n-d store after the acquire needs no second barrier (the broadcast's barrier orders it).
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: "nv_tileas.st"({{.*}}) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// sc atomic: barrier before (release side), the elected atom keeps sc, barrier after (acquire side).
// CHECK-NEXT: "nv_tileas.constant"() {value = 1 : i32}
// CHECK-NEXT: "nv_tileas.barrier"()
// CHECK-NEXT: "nv_tileas.elect"() ({
// CHECK-NEXT: "nv_tileas.atom"(%arg0, [[B]]) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>}
// CHECK: })
// CHECK-NEXT: "nv_tileas.barrier"()
// CHECK-NEXT: "nv_tileas.return"()
