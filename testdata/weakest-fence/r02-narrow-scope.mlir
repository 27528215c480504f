// weakest-fence rule R2 (narrow the scope to the smallest one containing both ends of every covered
// handoff), on handoffs that stay inside one CTA.
// r2_smem_flag: warp 0 writes a shared buffer and bumps a shared flag (relaxed cta atom) after
// `fence.acq_rel.gpu` (MEMBAR.ALL.GPU); warp 1 spins on the flag with relaxed cta loads, then
// `fence.acq_rel.gpu`, then reads. Both ends are in one CTA and the data is shared memory: the
// producer fence becomes `fence.acq_rel.cta` (R2; MEMBAR.ALL.CTA), the consumer fence
// `fence.acquire.cta` (R1+R2; no MEMBAR at all). That split needs PTX 8.6, so the kernel needs it
// anyway and, in the next sweep, the producer fence takes the weaker `fence.release.cta` (R1: the
// same class; a tie goes to the weaker semantic once it raises no `.version`).
// r2_mbarrier_cluster_scope: the P2 SOL with the arrive at release.cluster (a MEMBAR.ALL.GPU on
// the arrive) and the wait at acquire.cluster; both are narrowed to cta (R2): release.cta arrive,
// acquire.cta wait (one free instruction, preferred to the equally free relaxed wait + restricted
// acquire fence).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %flag = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 128 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%flag, %c0) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %p = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
    %old = "nv_tileas.atom"(%flag, %c1) {kind = #mem.rmw<add>, space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> i32
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %n = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%flag) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> i32
      %more = "nv_tileas.cmpi"(%f, %n) {predicate = "ne"} : (i32, i32) -> i1
      "nv_tileas.yield"(%more) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
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
}) {sym_name = "r2_smem_flag", num_threads = 64 : i32} : () -> ()

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
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
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
}) {sym_name = "r2_mbarrier_cluster_scope", num_threads = 64 : i32} : () -> ()

// BASE-LABEL: .visible .entry r2_smem_flag(
// BASE: st.shared.u32
// BASE-NEXT: fence.acq_rel.gpu;
// BASE-NEXT: atom.relaxed.cta.shared.add.u32
// BASE: ld.relaxed.cta.shared.u32
// BASE: fence.acq_rel.gpu;
// BASE-LABEL: .visible .entry r2_mbarrier_cluster_scope(
// BASE: mbarrier.arrive.release.cluster.shared.b64 _, [{{%r[0-9]+}}];
// BASE: mbarrier.try_wait.parity.acquire.cluster.shared.b64

// CHECK-LABEL: .visible .entry r2_smem_flag(
// CHECK: st.shared.u32
// CHECK-NEXT: fence.release.cta;
// CHECK-NEXT: atom.relaxed.cta.shared.add.u32
// CHECK: ld.relaxed.cta.shared.u32
// CHECK: fence.acquire.cta;
// CHECK-NOT: .gpu
// CHECK: ret;
// CHECK-LABEL: .visible .entry r2_mbarrier_cluster_scope(
// CHECK: st.shared.u32
// CHECK-NEXT: mbarrier.arrive.shared.b64 _, [{{%r[0-9]+}}];
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-NOT: acquire.cluster
// CHECK-NOT: sync_restrict
// CHECK-NOT: release.cluster
// CHECK-NOT: fence.acq_rel
// CHECK: ret;

// EXPLAIN: remark: 'fence.release.cta' (MEMBAR.CTA): R2+R1: scope narrowed to the smallest one containing both ends of its handoffs; acq_rel split: only one side of its handoffs needs it; was 'fence.acq_rel.gpu' (MEMBAR.ALL.GPU)
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of another thread of the CTA
// EXPLAIN: remark: 'fence.acquire.cta' (free): R1+R2: acq_rel split: only one side of its handoffs needs it; scope narrowed to the smallest one containing both ends of its handoffs; was 'fence.acq_rel.gpu' (MEMBAR.ALL.GPU)
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of another thread of the CTA
// EXPLAIN: remark: 'mbarrier.arrive.shared.b64' (free): R2: scope narrowed{{.*}}; was 'mbarrier.arrive.release.cluster.shared.b64' (MEMBAR.ALL.GPU)
