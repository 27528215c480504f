// SYNC-MODEL.md §6 P9 (tcgen05), broken variants of p09-smem-to-tcgen05.mlir's SOL kernel, each
// rejected at the producer access (the generic store of A).
// RUN: tile-opt %s --target sm_100a --passes verify-races --verify-diagnostics

// P9 broken (check 4): the proxy fence is removed; tcgen05_mma reads A (async proxy) after the
// generic stores with no fence.proxy.async.
"nv_tileas.kernel"() ({
^bb0(%pg: !nv_tileas.ptr<global>, %vg: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>):
  %bar_b = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_mma = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %a = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar_b, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_mma, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_b) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %vsrc = "nv_tileas.gep"(%vg, %bid) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_g2s"(%b, %vsrc, %bar_b) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%pg, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
  %pa = "nv_tileas.gep"(%a, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{check 4}}
  "nv_tileas.st"(%pa, %x) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_wait"(%bar_b, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.tcgen05_mma"(%tm, %a, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.tcgen05_commit"(%bar_mma) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_mma, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p9_tcgen05_no_proxy_fence", num_threads = 128 : i32} : () -> ()

// P9 broken (check 1): the barrier after the stores of A is removed; the elected thread issues
// the MMA while the other threads may still be writing A.
"nv_tileas.kernel"() ({
^bb0(%pg: !nv_tileas.ptr<global>, %vg: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>):
  %bar_b = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_mma = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %a = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar_b, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_mma, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_b) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %vsrc = "nv_tileas.gep"(%vg, %bid) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_g2s"(%b, %vsrc, %bar_b) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%pg, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
  %pa = "nv_tileas.gep"(%a, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{check 1}}
  "nv_tileas.st"(%pa, %x) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
  "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_wait"(%bar_b, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.tcgen05_mma"(%tm, %a, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.tcgen05_commit"(%bar_mma) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_mma, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p9_tcgen05_no_barrier", num_threads = 128 : i32} : () -> ()
