// SYNC-MODEL.md §6 P12, broken variants of p12-tcgen05-mma-to-ld.mlir's SOL kernel. Check 1 is
// reported at the producer access (the tcgen05_mma), check 6 at the tcgen05_ld that lacks the fence
// after the wait, check 8 at the wait that uses the mbarrier too early.
// RUN: tile-opt %s --target sm_100a --passes verify-races --verify-diagnostics

// P12 broken (check 6): tcgen05_fence_after is removed; the epilogue's tcgen05_ld is ordered
// after the MMA thread's tcgen05 work by the wait with no fence::after_thread_sync.
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
    "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.tcgen05_commit"(%bar_mma) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.warp_role"() ({
    "nv_tileas.mbarrier_wait"(%bar_mma, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
    // expected-error@+1 {{check 6}}
    %d = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
    "nv_tileas.tcgen05_wait_ld"() : () -> ()
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %n = "nv_tileas.constant"() {value = 160 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p12_no_fence_after", num_threads = 160 : i32} : () -> ()

// P12 broken (check 1): the epilogue's wait on bar_mma is removed; it reads TMEM with no execution
// edge from the MMA's completion.
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
    // expected-error@+1 {{check 1}}
    "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.tcgen05_commit"(%bar_mma) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.warp_role"() ({
    "nv_tileas.tcgen05_fence_after"() : () -> ()
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
    %d = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
    "nv_tileas.tcgen05_wait_ld"() : () -> ()
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %n = "nv_tileas.constant"() {value = 160 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p12_no_wait", num_threads = 160 : i32} : () -> ()

// P12 broken (check 8): the barrier after the inits is removed; the epilogue warps wait on bar_mma
// with no execution edge after its init (the MMA thread initialized both barriers itself).
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
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.tcgen05_commit"(%bar_mma) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.warp_role"() ({
    // expected-error@+1 {{check 8}}
    "nv_tileas.mbarrier_wait"(%bar_mma, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.tcgen05_fence_after"() : () -> ()
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
    %d = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
    "nv_tileas.tcgen05_wait_ld"() : () -> ()
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %n = "nv_tileas.constant"() {value = 160 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p12_init_not_published", num_threads = 160 : i32} : () -> ()
