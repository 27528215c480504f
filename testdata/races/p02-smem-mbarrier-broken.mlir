// SYNC-MODEL.md §6 P2, broken variants: each kernel is one of p02-smem-mbarrier.mlir's with one
// piece removed or weakened; verify-races must reject it. Checks 1-4 are reported at the
// producer access, check 7 at the wait, check 8 at the use of the mbarrier that comes too early.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P2 broken (check 1): the arrive is weakened to relaxed and no release fence is added; the
// edge has no memory order on the producer side.
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %p = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // expected-error@+1 {{check 1}}
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %lane = "nv_tileas.lane_id"() : () -> i32
    %q = "nv_tileas.gep"(%buf, %lane) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %t = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %w = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %w) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %t) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p2_relaxed_arrive", num_threads = 64 : i32} : () -> ()

// P2 broken (check 1): the wait is weakened to relaxed and no acquire fence is added; the edge
// has no memory order on the consumer side.
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %p = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // expected-error@+1 {{check 1}}
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %lane = "nv_tileas.lane_id"() : () -> i32
    %q = "nv_tileas.gep"(%buf, %lane) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %t = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %w = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %w) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %t) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p2_relaxed_wait", num_threads = 64 : i32} : () -> ()

// P2 broken (check 1): the conservative form with its producer-side fence.acq_rel.cta moved
// above the store: the fence orders nothing before the relaxed arrive.
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %p = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
    // expected-error@+1 {{check 1}}
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
    %lane = "nv_tileas.lane_id"() : () -> i32
    %q = "nv_tileas.gep"(%buf, %lane) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %t = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %w = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %w) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %t) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p2_release_fence_before_store", num_threads = 64 : i32} : () -> ()

// P2 broken (check 1): the conservative form with its consumer-side fence.acq_rel.cta moved
// above the relaxed wait: the fence orders nothing after the wait.
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %p = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // expected-error@+1 {{check 1}}
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
    "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %lane = "nv_tileas.lane_id"() : () -> i32
    %q = "nv_tileas.gep"(%buf, %lane) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %t = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %w = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %w) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %t) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p2_acquire_fence_before_wait", num_threads = 64 : i32} : () -> ()

// P2 broken (check 7): the mbarrier is initialized with an arrival count of 64 but only the 32
// threads of warp 0 arrive: the phase never completes and the wait deadlocks.
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %p = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    // expected-error@+1 {{check 7}}
    "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %lane = "nv_tileas.lane_id"() : () -> i32
    %q = "nv_tileas.gep"(%buf, %lane) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %t = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %w = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %w) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %t) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p2_count_unreachable", num_threads = 64 : i32} : () -> ()

// P2 broken (check 8): p2_sol_single_producer without the barrier after the init; warp 1 waits
// on an mbarrier whose init no execution edge orders before the wait (the elected thread that
// initialized it is the only arriving thread, so the wait is the one use too early).
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %val = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar, %one) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.elect"() ({
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.st"(%val, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.warp_role"() ({
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    // expected-error@+1 {{check 8}}
    "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %x = "nv_tileas.ld"(%val) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %lane = "nv_tileas.lane_id"() : () -> i32
    %t = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %w = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %w) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %t) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p2_init_not_published", num_threads = 64 : i32} : () -> ()

// P2 broken (check 3): p2_gmem_sol of p02-smem-mbarrier.mlir with its release arrive weakened to the
// P5 mechanism (fence.release.sync_restrict::shared::cta.cluster + relaxed arrive): the restricted
// fence covers shared::cta only, and the data is in global memory.
"nv_tileas.kernel"() ({
^bb0(%scratch: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %w = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %w) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %p = "nv_tileas.gep"(%scratch, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    // expected-error@+1 {{check 3}}
    "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %lane = "nv_tileas.lane_id"() : () -> i32
    %ridx = "nv_tileas.addi"(%base, %lane) : (i32, i32) -> i32
    %q = "nv_tileas.gep"(%scratch, %ridx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %t = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %oidx = "nv_tileas.addi"(%base, %t) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %oidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p2_gmem_restricted_release", num_threads = 64 : i32} : () -> ()
