// weakest-fence on SYNC-MODEL.md §6 P2: a shared-memory handoff inside one CTA through an mbarrier.
// Input: the conservative form of testdata/races/p02-smem-mbarrier.mlir (p2_conservative): a
// relaxed arrive after fence.acq_rel.cta and a relaxed wait before fence.acq_rel.cta (MEMBAR.ALL.CTA
// each). SOL: `mbarrier.arrive` release.cta / `mbarrier.try_wait` acquire.cta and no fence at all:
// R3 folds each fence into its neighbouring relaxed arrive / wait. The relaxed forms needed PTX 8.6;
// the output does not.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

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

// BASE: .version 8.6
// BASE-LABEL: .visible .entry p2_conservative(
// BASE: st.shared.u32
// BASE-NEXT: fence.acq_rel.cta;
// BASE-NEXT: mbarrier.arrive.relaxed.cta.shared.b64 _, [{{%r[0-9]+}}];
// BASE: mbarrier.try_wait.parity.relaxed.cta.shared.b64
// BASE-NEXT: @!{{%p[0-9]+}} bra
// BASE-NEXT: fence.acq_rel.cta;

// The defaults (release / acquire at cta) are not written: the plain forms are the SOL.
// CHECK: .version 8.0
// CHECK-LABEL: .visible .entry p2_conservative(
// CHECK-NOT: fence
// CHECK: st.shared.u32
// CHECK-NEXT: mbarrier.arrive.shared.b64 _, [{{%r[0-9]+}}];
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-NEXT: @!{{%p[0-9]+}} bra
// CHECK-NOT: fence
// CHECK-NOT: relaxed
// CHECK: ret;

// EXPLAIN: remark: 'mbarrier.arrive.shared.b64' (free)
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of another thread of the CTA
// EXPLAIN: remark: 'mbarrier.try_wait.parity.shared.b64' (free)
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of another thread of the CTA
// EXPLAIN: remark: removed 'fence.acq_rel.cta' (MEMBAR.CTA): R3: folded into the neighbouring mbarrier arrive/wait
// EXPLAIN: remark: removed 'fence.acq_rel.cta' (MEMBAR.CTA): R3: folded into the neighbouring mbarrier arrive/wait
