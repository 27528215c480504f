// SYNC-MODEL.md §6 P2: a shared-memory handoff inside one CTA through an mbarrier. Warp 0 writes
// a shared buffer and arrives; warp 1 waits on the phase and reads. SOL: `mbarrier_arrive`
// (release, cta) / `mbarrier_wait` (acquire, cta), no fence. Conservative: relaxed arrive and wait
// with `fence.acq_rel.cta` on both sides. The init is published to the other threads by a
// `barrier` (check 8).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P2 SOL (ARCHITECTURE.md "Contract by example"): 32 arrivals of warp 0, release/acquire at cta.
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
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
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
}) {sym_name = "p2_sol", num_threads = 64 : i32} : () -> ()

// P2 conservative: relaxed arrive after fence.acq_rel.cta, relaxed wait before fence.acq_rel.cta.
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
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
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
}) {sym_name = "p2_conservative", num_threads = 64 : i32} : () -> ()

// P2 SOL with a single-thread producer: the elected thread publishes one value (count 1) and the
// 32 threads of warp 1 read it; the barrier after the init publishes the init to warp 1.
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
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.st"(%val, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.warp_role"() ({
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
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
}) {sym_name = "p2_sol_single_producer", num_threads = 64 : i32} : () -> ()

// P2 through global memory: warp 0 stages its values in the CTA's slice of a global scratch
// buffer (scratch[bid*64 + tid]) and arrives; warp 1 waits and reads them. The mbarrier's release
// and acquire (cta scope) cover global memory as well.
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
    "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
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
}) {sym_name = "p2_gmem_sol", num_threads = 64 : i32} : () -> ()
