// weakest-fence on SYNC-MODEL.md §6 P14: a TMA (bulk) load read by tcgen05_mma (sm_100a). Input: the
// conservative form of testdata/races/p14-tma-load-to-mma.mlir (p14_conservative): a
// `fence_proxy_async` between the mbarrier wait and the MMA, restricted to shared::cta (and, in the
// second kernel, over all state spaces). SOL: complete_tx -> try_wait -> tcgen05_mma with no proxy
// fence (the TMA write and the MMA read are both async proxy) and no tcgen05 fence: the fence is
// dropped. tcgen05_mma in this operand form has no PTX lowering yet, so the checks look at the
// nv_tileas IR after the pass (--emit nv_tileas).
// RUN: tilec %s --target sm_100a --emit nv_tileas --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s --target sm_100a --emit nv_tileas | FileCheck %s
// RUN: tilec %s --target sm_100a --emit nv_tileas --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>):
  %bar_ab = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_mma = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar_ab, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_mma, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
    "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.tcgen05_commit"(%bar_mma) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.mbarrier_wait"(%bar_mma, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.tcgen05_fence_after"() : () -> ()
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
  %y = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
  "nv_tileas.tcgen05_wait_ld"() : () -> ()
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %y) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p14_conservative", num_threads = 128 : i32} : () -> ()

// The same with the proxy fence over all state spaces (fence.proxy.async).
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>):
  %bar_ab = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_mma = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar_ab, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_mma, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_proxy_async"() : () -> ()
    "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.tcgen05_commit"(%bar_mma) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.mbarrier_wait"(%bar_mma, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.tcgen05_fence_after"() : () -> ()
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
  %y = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
  "nv_tileas.tcgen05_wait_ld"() : () -> ()
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %y) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p14_conservative_all_spaces", num_threads = 128 : i32} : () -> ()

// BASE: "nv_tileas.mbarrier_wait"
// BASE-NEXT: "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
// BASE-NEXT: "nv_tileas.tcgen05_mma"
// BASE: sym_name = "p14_conservative"
// BASE: "nv_tileas.mbarrier_wait"
// BASE-NEXT: "nv_tileas.fence_proxy_async"() : () -> ()
// BASE-NEXT: "nv_tileas.tcgen05_mma"
// BASE: sym_name = "p14_conservative_all_spaces"

// CHECK-NOT: fence_proxy_async
// CHECK: "nv_tileas.bulk_copy_g2s"
// CHECK-NEXT: "nv_tileas.mbarrier_wait"({{.*}}) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>}
// CHECK-NEXT: "nv_tileas.tcgen05_mma"
// CHECK-NEXT: "nv_tileas.tcgen05_commit"
// CHECK: sym_name = "p14_conservative"
// CHECK-NOT: fence_proxy_async
// CHECK: "nv_tileas.bulk_copy_g2s"
// CHECK-NEXT: "nv_tileas.mbarrier_wait"({{.*}}) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>}
// CHECK-NEXT: "nv_tileas.tcgen05_mma"
// CHECK-NEXT: "nv_tileas.tcgen05_commit"
// CHECK-NOT: fence_proxy_async
// CHECK: sym_name = "p14_conservative_all_spaces"

// EXPLAIN: remark: removed 'fence.proxy.async.shared::cta' (FENCE.VIEW.ASYNC): drop: removed: every handoff it covered is covered by another mechanism
// EXPLAIN: remark: removed 'fence.proxy.async' (MEMBAR.ALL.GPU): drop:
