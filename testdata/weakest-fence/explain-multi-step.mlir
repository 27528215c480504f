// --explain-fences on a rewrite in several steps. Warp 0 writes a shared buffer, runs a loop whose
// condition region issues `fence.acq_rel.gpu` on every test, then arrives (relaxed) on an mbarrier that
// warp 1 waits on (acquire) before reading the buffer. The pass narrows the fence to cta (the handoff
// stays in the CTA), moves it out of the loop (nothing else in the loop), and folds it into the
// relaxed arrive (it is now next to it): the output has a release.cta arrive and no fence.
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
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
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
      %more = "nv_tileas.cmpi"(%i, %c4) {predicate = "slt"} : (i32, i32) -> i1
      "nv_tileas.yield"(%more, %i) : (i1, i32) -> ()
    }, {
    ^bb0(%j: i32):
      %j2 = "nv_tileas.addi"(%j, %c1) : (i32, i32) -> i32
      "nv_tileas.yield"(%j2) : (i32) -> ()
    }) : (i32) -> i32
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
}) {sym_name = "explain_steps", num_threads = 64 : i32} : () -> ()

// CHECK-LABEL: .visible .entry explain_steps(
// CHECK-NOT: fence
// CHECK: st.shared.u32
// CHECK: mbarrier.arrive.shared.b64
// CHECK-NOT: fence
// CHECK: ret;

// EXPLAIN: remark: 'mbarrier.arrive.shared.b64' (free): {{.*}}R3{{.*}}was 'mbarrier.arrive.relaxed.cta.shared.b64'
// EXPLAIN: remark: removed 'fence.acq_rel.gpu' (MEMBAR.ALL.GPU): {{.*}}R3
