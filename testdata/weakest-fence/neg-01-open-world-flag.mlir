// NEGATIVE (weakest-fence must not narrow, restrict or remove): an open-world global flag. Each CTA
// writes its slice of `data` with every thread, bar.sync, then the elected thread issues a fence and
// a *relaxed* store of flag[bid]. No thread of the kernel reads the flag: the reader is another kernel
// or the host, which verify-races cannot see (global memory is open-world, SYNC-MODEL §3/§4). The
// fence is the release side of that publication, so:
// - removing it would let the reader see the flag before the data (it "covers no checked handoff",
//   but it is not closed-world);
// - narrowing it (to cta, or to cluster in the cluster kernel) would not order the data for a reader
//   on another SM / the host: a fence that covers an open-world handoff keeps at least the scope of
//   the access that publishes it (the flag store's gpu / sys);
// - `sync_restrict::shared::cta` would not cover global memory at all.
// What the pass may do is split acq_rel into release (R1: nothing is acquired here).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

// gpu-scope flag.
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
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
    %f = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%f, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "ow_gpu", num_threads = 128 : i32} : () -> ()

// sys-scope flag (the host polls it).
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
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<sys>} : () -> ()
    %f = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%f, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<sys>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "ow_sys", num_threads = 128 : i32} : () -> ()

// gpu-scope flag in a cluster kernel: cluster scope is there, but the reader is not in the cluster.
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
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
    %f = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%f, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "ow_cluster", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE-LABEL: .visible .entry ow_gpu(
// BASE: bar.sync 0;
// BASE: fence.acq_rel.gpu;
// BASE-NEXT: mad.wide.u32
// BASE-NEXT: st.relaxed.gpu.global.u32
// BASE-LABEL: .visible .entry ow_sys(
// BASE: fence.acq_rel.sys;
// BASE-LABEL: .visible .entry ow_cluster(
// BASE: fence.acq_rel.gpu;

// CHECK-LABEL: .visible .entry ow_gpu(
// CHECK: bar.sync 0;
// CHECK: fence.release.gpu;
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: st.relaxed.gpu.global.u32
// CHECK-LABEL: .visible .entry ow_sys(
// CHECK: bar.sync 0;
// CHECK: fence.release.sys;
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: st.relaxed.sys.global.u32
// CHECK-LABEL: .visible .entry ow_cluster(
// CHECK: bar.sync 0;
// CHECK: fence.release.gpu;
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: st.relaxed.gpu.global.u32
// CHECK-NOT: .cta
// CHECK-NOT: .cluster
// CHECK-NOT: sync_restrict
// CHECK: ret;

// EXPLAIN: remark: 'fence.release.gpu' (MEMBAR.ALL.GPU): R1: acq_rel split: only one side of its handoffs needs it; was 'fence.acq_rel.gpu' (MEMBAR.ALL.GPU)
// EXPLAIN: note: covers the publication of this 'st' to a reader outside the kernel (another kernel or the host)
// EXPLAIN: remark: 'fence.release.sys' (MEMBAR.SYS): R1: {{.*}}; was 'fence.acq_rel.sys' (MEMBAR.SYS)
// EXPLAIN: note: covers the publication of this 'st' to a reader outside the kernel (another kernel or the host)
// EXPLAIN: remark: 'fence.release.gpu' (MEMBAR.ALL.GPU): R1:
// EXPLAIN-NOT: removed
