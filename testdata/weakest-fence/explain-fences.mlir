// --explain-fences: one remark per fence or sync qualifier of the optimized kernel, on stderr:
//   remark: '<PTX form>' (<cost class>): <rule>: <words>; was '<old form>' (<old class>)
// or `kept: ...` / `inserted by ...` / `removed '<form>' (<class>): <rule>: ...`, each followed by a
// note at *both* ends of every handoff it covers ("covers the handoff from this 'st' to 'ld' of ..."
// at the producer access, "... read or overwritten here by 'ld'" at the consumer access).
// explain_p5 is P5's conservative pull (p05-dsmem-pull.mlir): both fence.acq_rel.cluster become
// sync_restrict fences (R1+R4); explain_p1 is P1's conservative barrier (p01-smem-barrier.mlir): both
// cta fences are removed (R5). The line numbers below are those of the kernels in this file.
// (FileCheck matches the remark lines; each is followed by the source line it points at.)
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  "nv_tileas.mbarrier_arrive"(%rbar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %x = "nv_tileas.ld"(%rslot) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "explain_p5", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "explain_p1", num_threads = 128 : i32} : () -> ()

// explain_p5, release side: the fence's own remark (new form, class, rules, old form, old class),
// then the two ends of the handoff it covers (the producer's `st`, the peer's `ld`).
// EXPLAIN: explain-fences.mlir:36:3: remark: 'fence.release.sync_restrict::shared::cta.cluster' (FENCE.VIEW.ASYNC): R1+R4: acq_rel split: only one side of its handoffs needs it; cluster handoff of shared memory only: st_async, sync_restrict fences, relaxed mbarrier ops; was 'fence.acq_rel.cluster' (MEMBAR.ALL.GPU)
// EXPLAIN: explain-fences.mlir:35:3: note: covers the handoff from this 'st' to 'ld' of a thread of the peer CTA
// EXPLAIN: explain-fences.mlir:42:3: note: … read or overwritten here by 'ld'
// The relaxed arrive and wait are on the same path, free and kept.
// EXPLAIN: explain-fences.mlir:38:3: remark: 'mbarrier.arrive.relaxed.cluster.shared::cluster.b64' (free): kept: already free
// EXPLAIN: explain-fences.mlir:35:3: note: covers the handoff from this 'st' to 'ld' of a thread of the peer CTA
// EXPLAIN: explain-fences.mlir:42:3: note: … read or overwritten here by 'ld'
// EXPLAIN: explain-fences.mlir:39:3: remark: 'mbarrier.try_wait.parity.relaxed.cluster.shared.b64' (free): kept: already free
// Acquire side.
// EXPLAIN: explain-fences.mlir:40:3: remark: 'fence.acquire.sync_restrict::shared::cluster.cluster' (free): R1+R4: acq_rel split: only one side of its handoffs needs it; cluster handoff of shared memory only: st_async, sync_restrict fences, relaxed mbarrier ops; was 'fence.acq_rel.cluster' (MEMBAR.ALL.GPU)
// EXPLAIN: explain-fences.mlir:35:3: note: covers the handoff from this 'st' to 'ld' of a thread of the peer CTA
// EXPLAIN: explain-fences.mlir:42:3: note: … read or overwritten here by 'ld'
// The final cluster barrier keeps the buffer alive: it orders the peer's read before this CTA's exit.
// EXPLAIN: explain-fences.mlir:46:3: remark: 'barrier.cluster.wait.aligned' (CCTL.IVALL): kept: no cheaper mechanism covers its handoffs
// EXPLAIN: explain-fences.mlir:42:3: note: covers the handoff from this 'ld' to 'return' of the peer CTA, whose exit frees that memory
// explain_p1: the bar.sync covers the handoff; the removed fences come last, with their rule.
// EXPLAIN: explain-fences.mlir:64:3: remark: 'bar.sync' (free): kept: already free
// EXPLAIN: explain-fences.mlir:62:3: note: covers the handoff from this 'st' to 'ld' of another thread of the CTA
// EXPLAIN: explain-fences.mlir:68:3: note: … read or overwritten here by 'ld'
// EXPLAIN: explain-fences.mlir:63:3: remark: removed 'fence.acq_rel.cta' (MEMBAR.CTA): R5: cta fence next to a barrier, which already orders the CTA
// EXPLAIN: explain-fences.mlir:65:3: remark: removed 'fence.acq_rel.cta' (MEMBAR.CTA): R5: cta fence next to a barrier, which already orders the CTA
// EXPLAIN-NOT: remark
