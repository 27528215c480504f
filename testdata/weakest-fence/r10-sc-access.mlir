// weakest-fence rule R10 (sc -> acq_rel): an `sc` access is printed as `fence.sc.S` (MEMBAR.SC.GPU)
// + the acquire/release/acq_rel access (SYNC-MODEL §1; PTX has no atom.sc). The fence.sc is only needed
// when the access may take part in a store-buffering / IRIW shape, i.e. when a strong access comes
// before it (or it sits in a loop). Here:
// - r10_atom: the one strong access of the kernel is an sc atomic add (a ticket): it becomes
//   `atom.acq_rel.gpu` with no fence.sc;
// - r10_st: a flag published with an sc store after bar.sync: `st.release.gpu`, no fence.sc;
// - r10_ld: a header read once with an sc load: `ld.acquire.gpu`, no fence.sc;
// - r10_second_sc_access: two sc atomics in a row. The first one becomes atom.acq_rel.gpu; the
//   second comes after a strong access (the first atom), the store->load order of an SB shape that
//   only the fence.sc gives, so it keeps `fence.sc.gpu` (negative case).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%ctr: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
    %t = "nv_tileas.atom"(%ctr, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
    %o = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%o, %t) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "r10_atom", num_threads = 128 : i32} : () -> ()

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
    %f = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%f, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "r10_st", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%hdr: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %h = "nv_tileas.ld"(%hdr) {space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    %d = "nv_tileas.gep"(%data, %h) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %o = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%o, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "r10_ld", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%ctr: !nv_tileas.ptr<global>, %ctr2: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %t = "nv_tileas.atom"(%ctr, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
    %o = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%o, %t) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    %t2 = "nv_tileas.atom"(%ctr2, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "r10_second_sc_access", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry r10_atom(
// BASE: fence.sc.gpu;
// BASE-NEXT: atom.acq_rel.gpu.global.add.u32
// BASE-LABEL: .visible .entry r10_st(
// BASE: fence.sc.gpu;
// BASE-NEXT: st.release.gpu.global.u32
// BASE-LABEL: .visible .entry r10_ld(
// BASE: fence.sc.gpu;
// BASE-NEXT: ld.acquire.gpu.global.u32
// BASE-LABEL: .visible .entry r10_second_sc_access(
// BASE: fence.sc.gpu;
// BASE-NEXT: atom.acq_rel.gpu.global.add.u32
// BASE: fence.sc.gpu;
// BASE-NEXT: atom.acq_rel.gpu.global.add.u32

// CHECK-LABEL: .visible .entry r10_atom(
// CHECK-NOT: fence
// CHECK: atom.acq_rel.gpu.global.add.u32
// CHECK-NOT: fence
// CHECK: ret;
// CHECK-LABEL: .visible .entry r10_st(
// CHECK-NOT: fence
// CHECK: bar.sync 0;
// CHECK-NOT: fence
// CHECK: st.release.gpu.global.u32
// CHECK: ret;
// CHECK-LABEL: .visible .entry r10_ld(
// CHECK-NOT: fence
// CHECK: ld.acquire.gpu.global.u32
// CHECK-NOT: fence
// CHECK: ret;
// CHECK-LABEL: .visible .entry r10_second_sc_access(
// CHECK-NOT: fence
// CHECK: atom.acq_rel.gpu.global.add.u32
// CHECK: st.global.u32
// CHECK-NEXT: fence.sc.gpu;
// CHECK-NEXT: atom.acq_rel.gpu.global.add.u32
// CHECK: ret;

// EXPLAIN: remark: 'atom.acq_rel.gpu.global.add.u32' (MEMBAR.ALL.GPU): R10: sc access made acquire/release: no store-buffering shape needs the fence.sc; was 'fence.sc.gpu' + 'atom.acq_rel.gpu.global.add.u32' (MEMBAR.SC.GPU)
// EXPLAIN: remark: 'st.release.gpu.global.u32' (MEMBAR.ALL.GPU): R10: {{.*}}; was 'fence.sc.gpu' + 'st.release.gpu.global.u32' (MEMBAR.SC.GPU)
// EXPLAIN: remark: 'ld.acquire.gpu.global.u32' (CCTL.IVALL): R10: {{.*}}; was 'fence.sc.gpu' + 'ld.acquire.gpu.global.u32' (MEMBAR.SC.GPU)
// EXPLAIN: remark: 'atom.acq_rel.gpu.global.add.u32' (MEMBAR.ALL.GPU): R10:
// EXPLAIN: remark: 'fence.sc.gpu' + 'atom.acq_rel.gpu.global.add.u32' (MEMBAR.SC.GPU): kept: no cheaper mechanism covers its handoffs
