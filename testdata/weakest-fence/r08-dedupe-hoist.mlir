// weakest-fence rule R8 (dedupe and hoist).
// r8_dedupe: each CTA writes its slice of `data`, bar.sync, then the elected thread publishes it with
// two identical `fence.release.gpu` (MEMBAR.ALL.GPU each) and a relaxed gpu flag store. Nothing
// accesses memory between the two fences: one of them goes (R8). The other one stays at gpu scope: it
// publishes global data to a reader outside the kernel (open world).
// r8_hoist_while: warp 0 writes a shared buffer, then runs a loop whose condition region issues
// `fence.acq_rel.cta` on every test (4 tests), loads a value, and arrives (relaxed) on an mbarrier that
// warp 1 waits on. The loop holds no other memory or sync op, and the handoff (st before the loop ->
// ld of warp 1) is outside it: the fence moves after the loop (R8), where it runs once (it still
// precedes the relaxed arrive, so warp 1's read is ordered), and only its release half is needed
// (R1: `fence.release.cta`, the same MEMBAR.ALL.CTA, weaker). The hoist out of a `for` body is
// r08-hoist-for-loop.mlir.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
    %f = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%f, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "r8_dedupe", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
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
    %r = "nv_tileas.while"(%c0) ({
    ^bb0(%i: i32):
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      %more = "nv_tileas.cmpi"(%i, %c4) {predicate = "slt"} : (i32, i32) -> i1
      "nv_tileas.yield"(%more, %i) : (i1, i32) -> ()
    }, {
    ^bb0(%j: i32):
      %j2 = "nv_tileas.addi"(%j, %c1) : (i32, i32) -> i32
      "nv_tileas.yield"(%j2) : (i32) -> ()
    }) : (i32) -> i32
    %bid0 = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
    %sp = "nv_tileas.gep"(%in, %bid0) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %scale = "nv_tileas.ld"(%sp) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
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
}) {sym_name = "r8_hoist_while", num_threads = 64 : i32} : () -> ()

// BASE-LABEL: .visible .entry r8_dedupe(
// BASE: bar.sync 0;
// BASE: fence.release.gpu;
// BASE-NEXT: fence.release.gpu;
// BASE-NEXT: mad.wide.u32
// BASE-NEXT: st.relaxed.gpu.global.u32
// BASE-LABEL: .visible .entry r8_hoist_while(
// BASE: st.shared.u32
// BASE-NEXT: mov.b32
// BASE-NEXT: [[HEAD:\$L__tilec_[0-9]+]]:
// BASE-NEXT: fence.acq_rel.cta;
// BASE: bra.uni [[HEAD]];
// BASE-NOT: fence
// BASE: mbarrier.arrive.relaxed.cta.shared.b64

// CHECK-LABEL: .visible .entry r8_dedupe(
// CHECK: bar.sync 0;
// CHECK: fence.release.gpu;
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: st.relaxed.gpu.global.u32
// CHECK-NOT: fence
// CHECK: ret;
// CHECK-LABEL: .visible .entry r8_hoist_while(
// CHECK: st.shared.u32
// CHECK-NEXT: mov.b32
// CHECK-NEXT: [[HEAD:\$L__tilec_[0-9]+]]:
// CHECK-NOT: fence
// CHECK: bra.uni [[HEAD]];
// CHECK-NEXT: [[EXIT:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: fence.release.cta;
// CHECK: ld.global.u32
// CHECK-NEXT: mbarrier.arrive.relaxed.cta.shared.b64
// CHECK-NOT: fence
// CHECK: ret;

// EXPLAIN: remark: 'fence.release.gpu' (MEMBAR.ALL.GPU): kept: no cheaper mechanism covers its handoffs
// EXPLAIN: note: covers the publication of this 'st' to a reader outside the kernel (another kernel or the host)
// EXPLAIN: remark: removed 'fence.release.gpu' (MEMBAR.ALL.GPU): R8: duplicate removed or hoisted out of its loop
// EXPLAIN: remark: 'fence.release.cta' (MEMBAR.CTA): R8+R1: duplicate removed or hoisted out of its loop; acq_rel split: only one side of its handoffs needs it; was 'fence.acq_rel.cta' (MEMBAR.CTA)
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of another thread of the CTA
