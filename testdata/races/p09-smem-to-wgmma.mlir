// SYNC-MODEL.md §6 P9 (wgmma): generic shared-memory writes read by the tensor core. The A tile
// is produced by the threads (e.g. the P = softmax tile of an attention kernel, stored to shared
// memory), the B tile arrives by TMA; wgmma_mma reads both in the async proxy. SOL: every writer
// issues `fence_proxy_async` space = shared_cta, then a CTA `barrier` (or an mbarrier arrive/wait
// between warpgroups), then `wgmma_fence` before the wgmma (the accumulator was written by a
// generic op). SYNC-MODEL gives no conservative form for P9.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P9 SOL, one warpgroup: A by generic stores + proxy fence + barrier; B by TMA + mbarrier wait.
"nv_tileas.kernel"() ({
^bb0(%pg: !nv_tileas.ptr<global>, %vg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %a = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %vsrc = "nv_tileas.gep"(%vg, %bid) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_g2s"(%b, %vsrc, %bar) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%pg, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
  %pa = "nv_tileas.gep"(%a, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%pa, %x) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
  "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  "nv_tileas.wgmma_fence"() : () -> ()
  %d = "nv_tileas.wgmma_mma"(%a, %b, %zero) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32) -> f32
  "nv_tileas.wgmma_commit"() : () -> ()
  "nv_tileas.wgmma_wait"() {pending = 0 : i32} : () -> ()
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p9_wgmma_sol", num_threads = 128 : i32} : () -> ()

// P9 SOL, warp-specialized: warpgroup 0 (warps 0-3) writes A, fences the proxy and arrives (release,
// cta; count 128) on bar_a; warpgroup 1 (warps 4-7) waits on bar_a and on the TMA barrier of B,
// then runs the wgmma.
"nv_tileas.kernel"() ({
^bb0(%pg: !nv_tileas.ptr<global>, %vg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar_a = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_b = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %a = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar_a, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_b, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.mbarrier_arrive"(%bar_b) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%b, %vg, %bar_b) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %src = "nv_tileas.gep"(%pg, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
    %pa = "nv_tileas.gep"(%a, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.st"(%pa, %x) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
    "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
    "nv_tileas.mbarrier_arrive"(%bar_a) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 4>} : () -> ()
  "nv_tileas.warp_role"() ({
    "nv_tileas.mbarrier_wait"(%bar_a, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_wait"(%bar_b, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
    "nv_tileas.wgmma_fence"() : () -> ()
    %d = "nv_tileas.wgmma_mma"(%a, %b, %zero) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32) -> f32
    "nv_tileas.wgmma_commit"() : () -> ()
    "nv_tileas.wgmma_wait"() {pending = 0 : i32} : () -> ()
    %n2 = "nv_tileas.constant"() {value = 256 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n2) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 4, 8>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p9_wgmma_ws_sol", num_threads = 256 : i32} : () -> ()
