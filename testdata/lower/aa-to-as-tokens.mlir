// lower-aa-to-as, token handoffs (SYNC-MODEL §2): a CTA barrier goes between two token-ordered
// accesses exactly when a thread of the second may touch an element another thread touched in
// the first. None when both go through one injective pointer tile (each thread keeps its own
// elements; a reshape keeps the layout) or both are 0-d (the elected thread after itself); a
// barrier when the layouts differ (128 vs 256 elements over the same buffer), from the elected
// thread to the owners, after a join of different tiles (they may alias), and between accesses
// through a broadcast pointer (every thread touches the same address).
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

cuda_tile.module @m {
  entry @same_layout(%p: tile<128xptr<i32>>) {
    %t0 = make_token : token
    %v, %t1 = load_ptr_tko weak %p token=%t0 : tile<128xptr<i32>> -> tile<128xi32>, token
    %w = addi %v, %v : tile<128xi32>
    %t2 = store_ptr_tko weak %p, %w token=%t1 : tile<128xptr<i32>>, tile<128xi32> -> token
    %q = reshape %p : tile<128xptr<i32>> -> tile<2x64xptr<i32>>
    %w2 = reshape %w : tile<128xi32> -> tile<2x64xi32>
    %t3 = store_ptr_tko weak %q, %w2 token=%t2 : tile<2x64xptr<i32>>, tile<2x64xi32> -> token
    return
  }
  entry @different_layout(%p: tile<ptr<i32>>) {
    %t0 = make_token : token
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pa = broadcast %p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %ia = iota : tile<128xi32>
    %a = offset %pa, %ia : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %t1 = store_ptr_tko weak %a, %ia token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> token
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %ib = iota : tile<256xi32>
    %b = offset %pb, %ib : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    %v, %t2 = load_ptr_tko weak %b token=%t1 : tile<256xptr<i32>> -> tile<256xi32>, token
    return
  }
  entry @elected(%flag: tile<ptr<i32>>, %out: tile<128xptr<i32>>) {
    %t0 = make_token : token
    %one = constant <i32: 1> : tile<i32>
    %t1 = store_ptr_tko weak %flag, %one token=%t0 : tile<ptr<i32>>, tile<i32> -> token
    %x, %t2 = load_ptr_tko weak %flag token=%t1 : tile<ptr<i32>> -> tile<i32>, token
    %ones = constant <i32: 1> : tile<128xi32>
    %t3 = store_ptr_tko weak %out, %ones token=%t2 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
  entry @joined(%a: tile<128xptr<i32>>, %b: tile<128xptr<i32>>) {
    %t0 = make_token : token
    %ones = constant <i32: 1> : tile<128xi32>
    %t1 = store_ptr_tko weak %a, %ones token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> token
    %t2 = store_ptr_tko weak %b, %ones token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> token
    %t3 = join_tokens %t1, %t2 : token
    %v, %t4 = load_ptr_tko weak %a token=%t3 : tile<128xptr<i32>> -> tile<128xi32>, token
    return
  }
  entry @same_address(%counter: tile<ptr<i32>>) {
    %t0 = make_token : token
    %c1 = reshape %counter : tile<ptr<i32>> -> tile<1xptr<i32>>
    %cb = broadcast %c1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %ones = constant <i32: 1> : tile<128xi32>
    %o1, %t1 = atomic_rmw_tko relaxed device %cb, add, %ones token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %o2, %t2 = atomic_rmw_tko relaxed device %cb, add, %ones token=%t1 : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    return
  }
}

// Same layout: load, store and a reshaped store through one pointer tile; no barrier.
// CHECK: "nv_tileas.kernel"
// CHECK: "nv_tileas.ld"
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: "nv_tileas.st"
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: "nv_tileas.st"
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: }) {sym_name = "same_layout"

// Different layouts of one buffer: thread t stored element t, then loads 2t and 2t+1.
// CHECK: [[TID:%[0-9]+]] = "nv_tileas.thread_id"
// CHECK: [[A:%[0-9]+]] = "nv_tileas.gep"(%arg0, [[TID]])
// CHECK-NEXT: "nv_tileas.st"([[A]], [[TID]])
// CHECK: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.ld"
// CHECK-NEXT: "nv_tileas.ld"
// CHECK-NEXT: "nv_tileas.return"
// CHECK-NEXT: }) {sym_name = "different_layout"

// 0-d store then 0-d load: both elected, no barrier; then the owners: a barrier.
// CHECK: "nv_tileas.elect"() ({
// CHECK-NEXT: "nv_tileas.st"(%arg0
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: "nv_tileas.elect"() ({
// CHECK-NEXT: "nv_tileas.ld"(%arg0)
// CHECK: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.gep"(%arg1
// CHECK-NEXT: "nv_tileas.st"
// CHECK-NEXT: "nv_tileas.return"
// CHECK-NEXT: }) {sym_name = "elected"

// join_tokens of stores through a and b, then a load through a: a barrier (b may alias a).
// CHECK: "nv_tileas.st"
// CHECK: "nv_tileas.st"
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.gep"(%arg0
// CHECK-NEXT: "nv_tileas.ld"
// CHECK-NEXT: "nv_tileas.return"
// CHECK-NEXT: }) {sym_name = "joined"

// Two n-d atomics through the broadcast counter pointer: every thread touches the same address.
// CHECK: "nv_tileas.atom"(%arg0, [[ONE:%[0-9]+]]) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.atom"(%arg0, [[ONE]])
// CHECK-NEXT: "nv_tileas.return"
// CHECK-NEXT: }) {sym_name = "same_address"
