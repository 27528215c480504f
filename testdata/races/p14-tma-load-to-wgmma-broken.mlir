// SYNC-MODEL.md §6 P14 with wgmma, broken variants of p14-tma-load-to-wgmma.mlir's kernels. Check 5
// is reported at the wgmma_mma, check 1 at the producer access (the bulk copy).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P14 (wgmma) broken (check 5), seed case (c): the wgmma_fence is removed; the accumulator input
// was produced by a constant (a generic write) with no wgmma_fence before the wgmma.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %src = "nv_tileas.gep"(%abg, %bid) {elem_bytes = 8192 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_g2s"(%ab, %src, %bar) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  // expected-error@+1 {{check 5}}
  %d = "nv_tileas.wgmma_mma"(%ab, %b, %zero) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32) -> f32
  "nv_tileas.wgmma_commit"() : () -> ()
  "nv_tileas.wgmma_wait"() {pending = 0 : i32} : () -> ()
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p14_wgmma_no_fence", num_threads = 128 : i32} : () -> ()

// P14 (wgmma) broken (check 5): p14_wgmma_bias_sol with the wgmma_fence moved above the addf that
// writes the accumulator: the last generic write of the accumulator is not followed by a wgmma_fence.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %bias: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %src = "nv_tileas.gep"(%abg, %bid) {elem_bytes = 8192 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_g2s"(%ab, %src, %bar) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %pb = "nv_tileas.gep"(%bias, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %bv = "nv_tileas.ld"(%pb) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.wgmma_fence"() : () -> ()
  %acc = "nv_tileas.addf"(%bv, %bv) : (f32, f32) -> f32
  // expected-error@+1 {{check 5}}
  %d = "nv_tileas.wgmma_mma"(%ab, %b, %acc) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32) -> f32
  "nv_tileas.wgmma_commit"() : () -> ()
  "nv_tileas.wgmma_wait"() {pending = 0 : i32} : () -> ()
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p14_wgmma_fence_before_acc", num_threads = 128 : i32} : () -> ()

// P14 (wgmma) broken (check 1): the wait on the TMA barrier is removed; the wgmma reads A and B with
// no execution edge from the copy's completion.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    %src = "nv_tileas.gep"(%abg, %bid) {elem_bytes = 8192 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    // expected-error@+1 {{check 1}}
    "nv_tileas.bulk_copy_g2s"(%ab, %src, %bar) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %zero = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  "nv_tileas.wgmma_fence"() : () -> ()
  %d = "nv_tileas.wgmma_mma"(%ab, %b, %zero) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32) -> f32
  "nv_tileas.wgmma_commit"() : () -> ()
  "nv_tileas.wgmma_wait"() {pending = 0 : i32} : () -> ()
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p14_wgmma_no_wait", num_threads = 128 : i32} : () -> ()
