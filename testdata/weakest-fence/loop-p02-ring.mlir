// weakest-fence on a loop (SYNC-MODEL §3.1, §6 P2): the producer/consumer ring of
// testdata/races/loop-p02-ring.mlir in its conservative form: every mbarrier arrive is relaxed with
// fence.acq_rel.cta before it, every wait relaxed with fence.acq_rel.cta after it (MEMBAR.ALL.CTA,
// four per iteration). verify-races checks the loop's iterations i..i+4 together, so weakest-fence
// may rewrite inside it: each fence folds into its arrive or wait (R3), which become
// mbarrier.arrive (release.cta) and try_wait (acquire.cta): no fence is left in the loop. Both the RAW
// handoff (full[s], same iteration) and the write-after-read reuse of the slot (empty[s], iteration
// i to i+4) stay covered.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %full = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %empty = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ring = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c32 = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 1000 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %c4, %c1) ({
    ^bb0(%s: i32):
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%f, %c32) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%e, %c32) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %lane = "nv_tileas.lane_id"() : () -> i32
    "nv_tileas.for"(%c0, %n, %c1) ({
    ^bb0(%i: i32):
      %s = "nv_tileas.remui"(%i, %c4) : (i32, i32) -> i32
      %u = "nv_tileas.divui"(%i, %c4) : (i32, i32) -> i32
      %ph = "nv_tileas.andi"(%u, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %base = "nv_tileas.muli"(%s, %c32) : (i32, i32) -> i32
      %idx = "nv_tileas.addi"(%base, %lane) : (i32, i32) -> i32
      %p = "nv_tileas.gep"(%ring, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_wait"(%e, %pe) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      "nv_tileas.st"(%p, %i) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      "nv_tileas.mbarrier_arrive"(%f) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %lane = "nv_tileas.lane_id"() : () -> i32
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %o = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.for"(%c0, %n, %c1) ({
    ^bb0(%i: i32):
      %s = "nv_tileas.remui"(%i, %c4) : (i32, i32) -> i32
      %u = "nv_tileas.divui"(%i, %c4) : (i32, i32) -> i32
      %ph = "nv_tileas.andi"(%u, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %base = "nv_tileas.muli"(%s, %c32) : (i32, i32) -> i32
      %idx = "nv_tileas.addi"(%base, %lane) : (i32, i32) -> i32
      %p = "nv_tileas.gep"(%ring, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_wait"(%f, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      %x = "nv_tileas.ld"(%p) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
      "nv_tileas.st"(%o, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      "nv_tileas.mbarrier_arrive"(%e) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "ring", num_threads = 64 : i32} : () -> ()

// BASE-LABEL: .visible .entry ring(
// BASE: mbarrier.try_wait.parity.relaxed.cta.shared.b64
// BASE: fence.acq_rel.cta;
// BASE: st.shared.u32
// BASE-NEXT: fence.acq_rel.cta;
// BASE-NEXT: mbarrier.arrive.relaxed.cta.shared.b64
// BASE: mbarrier.try_wait.parity.relaxed.cta.shared.b64
// BASE: fence.acq_rel.cta;
// BASE: ld.shared.u32
// BASE: fence.acq_rel.cta;
// BASE-NEXT: mbarrier.arrive.relaxed.cta.shared.b64

// CHECK-LABEL: .visible .entry ring(
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: st.shared.u32
// CHECK-NEXT: mbarrier.arrive.shared.b64
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: ld.shared.u32
// CHECK: mbarrier.arrive.shared.b64
// CHECK-NOT: fence
// CHECK: ret;

// EXPLAIN: remark: 'mbarrier.try_wait.parity.shared.b64' (free): R3: folded into the neighbouring mbarrier arrive/wait
// EXPLAIN: note: covers the handoff from this 'ld' to 'st' of another thread of the CTA (from iteration i of the loop to iteration i+4)
// EXPLAIN: remark: removed 'fence.acq_rel.cta' (MEMBAR.CTA): R3
