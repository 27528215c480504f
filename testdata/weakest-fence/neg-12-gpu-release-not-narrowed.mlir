// NEGATIVE (weakest-fence must not narrow a release that publishes global data to another CTA): CTA 0
// writes data[tid] with every thread, bar.sync, then its elected thread issues `fence.acq_rel.gpu` and
// a relaxed gpu store of the flag; every CTA's elected thread spins on the flag (relaxed), issues
// `fence.acquire.gpu`, bar.sync, and all threads read data[tid]. The fence is right after a bar.sync,
// but the handoff goes to threads of *other* CTAs: a cta-scope fence (R2) or dropping it next to the
// barrier (R5, which is only for cta fences) would not order CTA 0's stores for them. The pass may
// only split it into `fence.release.gpu` (R1: it acquires nothing).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    %p = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.st"(%flag, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
      "nv_tileas.yield"(%unset) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %q = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "gpu_release_to_other_ctas", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry gpu_release_to_other_ctas(
// BASE: bar.sync 0;
// BASE: fence.acq_rel.gpu;
// BASE-NEXT: st.relaxed.gpu.global.u32

// CHECK-LABEL: .visible .entry gpu_release_to_other_ctas(
// CHECK: st.global.u32
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: .cta
// CHECK: fence.release.gpu;
// CHECK-NEXT: st.relaxed.gpu.global.u32
// CHECK: ld.relaxed.gpu.global.u32
// CHECK: fence.acquire.gpu;
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: .cta
// CHECK: ret;

// EXPLAIN: remark: 'fence.release.gpu' (MEMBAR.ALL.GPU): R1: acq_rel split: only one side of its handoffs needs it; was 'fence.acq_rel.gpu' (MEMBAR.ALL.GPU)
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of a thread of another CTA
