// weakest-fence on SYNC-MODEL.md §6 P1: a shared-memory handoff inside one CTA through `barrier`.
// Input: the conservative form of testdata/races/p01-smem-barrier.mlir (p1_conservative):
// fence.acq_rel.cta (MEMBAR.ALL.CTA) before and after the bar.sync. SOL: the bar.sync alone (it is
// acq_rel at cta scope for shared and global memory), so both fences go by R5 (a cta fence next to a
// barrier with no memory op in between). The gmem variant (p1_gmem_in_cta) gets the same treatment.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

// P1 conservative (shared memory).
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
}) {sym_name = "p1_conservative", num_threads = 128 : i32} : () -> ()

// P1 conservative through global memory: each CTA stages its block in its own slice of a scratch
// buffer; the same two cta fences around the barrier.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %scratch: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%scratch, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%slot, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %ridx = "nv_tileas.addi"(%base, %rev) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%scratch, %ridx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_gmem_conservative", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry p1_conservative(
// BASE: st.shared.u32
// BASE-NEXT: fence.acq_rel.cta;
// BASE-NEXT: bar.sync 0;
// BASE-NEXT: fence.acq_rel.cta;
// BASE: ld.shared.u32
// BASE-LABEL: .visible .entry p1_gmem_conservative(
// BASE: st.global.u32
// BASE-NEXT: fence.acq_rel.cta;
// BASE-NEXT: bar.sync 0;
// BASE-NEXT: fence.acq_rel.cta;

// CHECK-LABEL: .visible .entry p1_conservative(
// CHECK-NOT: fence
// CHECK: st.shared.u32
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: fence
// CHECK-NOT: membar
// CHECK: ld.shared.u32
// CHECK-NOT: fence
// CHECK-LABEL: .visible .entry p1_gmem_conservative(
// CHECK-NOT: fence
// CHECK: st.global.u32
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: fence
// CHECK-NOT: membar
// CHECK: ret;

// EXPLAIN: remark: 'bar.sync' (free): kept: already free
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of another thread of the CTA
// EXPLAIN: remark: removed 'fence.acq_rel.cta' (MEMBAR.CTA): R5: cta fence next to a barrier, which already orders the CTA
// EXPLAIN: remark: removed 'fence.acq_rel.cta' (MEMBAR.CTA): R5: cta fence next to a barrier, which already orders the CTA
// EXPLAIN: remark: removed 'fence.acq_rel.cta' (MEMBAR.CTA): R5:
// EXPLAIN: remark: removed 'fence.acq_rel.cta' (MEMBAR.CTA): R5:
// EXPLAIN-NOT: remark
