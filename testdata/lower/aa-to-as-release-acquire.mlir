// lower-aa-to-as, barriers around release/acquire tile ops (SYNC-MODEL §2): release = CTA
// barrier, then the op with `.release` (by the owners, or the elected thread for a 0-d op);
// acquire = the op, then a barrier; acq_rel/sc = both. The pair is copied unchanged. A barrier
// right after another (no memory op between) is not repeated: the 0-d release store after the
// acquire CAS shares the CAS's broadcast barrier. A CAS is `nv_tileas.atom` with the compare
// operand (kind exch). `fence_tko` runs on every thread between the same barriers.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

cuda_tile.module @m {
  entry @nd_release(%data: tile<128xptr<i32>>, %out: tile<128xptr<i32>>) {
    %t0 = make_token : token
    %v = constant <i32: 5> : tile<128xi32>
    %t1 = store_ptr_tko weak %out, %v token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> token
    %t2 = store_ptr_tko release device %data, %v token=%t1 : tile<128xptr<i32>>, tile<128xi32> -> token
    %w, %t3 = load_ptr_tko acquire device %data token=%t2 : tile<128xptr<i32>> -> tile<128xi32>, token
    %t4 = store_ptr_tko weak %out, %w token=%t3 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
  entry @zero_d(%flag: tile<ptr<i32>>, %out: tile<128xptr<i32>>) {
    %t0 = make_token : token
    %one = constant <i32: 1> : tile<i32>
    %v = constant <i32: 3> : tile<128xi32>
    %t1 = store_ptr_tko weak %out, %v token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> token
    %o1, %t2 = atomic_rmw_tko acq_rel device %flag, add, %one token=%t1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %o2, %t3 = atomic_cas_tko acquire device %flag, %one, %o1 token=%t2 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %t4 = store_ptr_tko release device %flag, %o2 token=%t3 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
  entry @fences(%out: tile<128xptr<i32>>) {
    %t0 = make_token : token
    %v = constant <i32: 3> : tile<128xi32>
    %t1 = store_ptr_tko weak %out, %v token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> token
    %t2 = fence_tko release device token=%t1 : token
    %t3 = store_ptr_tko weak %out, %v token=%t2 : tile<128xptr<i32>>, tile<128xi32> -> token
    %t4 = fence_tko acquire device token=%t3 : token
    %t5 = fence_tko sc sys token=%t4 : token
    %w, %t6 = load_ptr_tko weak %out token=%t5 : tile<128xptr<i32>> -> tile<128xi32>, token
    return
  }
}

// n-d release store: barrier, then each owner's st.release; n-d acquire load: ld.acquire, then
// a barrier; the weak store after it needs nothing more.
// CHECK: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.gep"(%arg0
// CHECK-NEXT: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: "nv_tileas.gep"(%arg0
// CHECK-NEXT: "nv_tileas.ld"({{%[0-9]+}}) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.gep"(%arg1
// CHECK-NEXT: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// CHECK-NEXT: "nv_tileas.return"
// CHECK-NEXT: }) {sym_name = "nd_release"

// 0-d acq_rel atomic (result used): barrier, elected atom + slot store, barrier, broadcast load.
// CHECK: [[S1:%[0-9]+]] = "nv_tileas.alloc_shared"
// CHECK-NEXT: [[S2:%[0-9]+]] = "nv_tileas.alloc_shared"
// CHECK: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.elect"() ({
// CHECK-NEXT: [[O1:%[0-9]+]] = "nv_tileas.atom"(%arg0, {{%[0-9]+}}) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: "nv_tileas.st"([[S1]], [[O1]])
// CHECK-NEXT: "nv_tileas.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: [[B1:%[0-9]+]] = "nv_tileas.ld"([[S1]])
// 0-d acquire CAS: no barrier before (nothing pending, no release side), one after.
// CHECK-NEXT: "nv_tileas.elect"() ({
// CHECK-NEXT: [[O2:%[0-9]+]] = "nv_tileas.atom"(%arg0, {{%[0-9]+}}, [[B1]]) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32, i32) -> i32
// CHECK-NEXT: "nv_tileas.st"([[S2]], [[O2]])
// CHECK-NEXT: "nv_tileas.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: [[B2:%[0-9]+]] = "nv_tileas.ld"([[S2]])
// 0-d release store: its barrier is the one just emitted.
// CHECK-NEXT: "nv_tileas.elect"() ({
// CHECK-NEXT: "nv_tileas.st"(%arg0, [[B2]]) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: "nv_tileas.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "nv_tileas.return"
// CHECK-NEXT: }) {sym_name = "zero_d"

// Fences: release = barrier + fence; acquire = fence + barrier; sc = both.
// CHECK: "nv_tileas.st"
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: "nv_tileas.gep"
// CHECK-NEXT: "nv_tileas.st"
// CHECK-NEXT: "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>}
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.gep"
// CHECK-NEXT: "nv_tileas.ld"
// CHECK-NEXT: "nv_tileas.return"
// CHECK-NEXT: }) {sym_name = "fences"
