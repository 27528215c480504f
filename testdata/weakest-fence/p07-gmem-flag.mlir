// weakest-fence on SYNC-MODEL.md §6 P7: the megakernel flag, a global-memory handoff between CTAs.
// CTA 0 writes data[tid] with every thread and publishes it with an elected `st.release.gpu` of a
// flag; every CTA then waits for the flag and reads data[tid]. Input: the conservative form of
// SYNC-MODEL P7 / fence-cost-h100.md "Megakernel flag" (1312 ns per handoff there): the producer
// issues `fence.sc.gpu` (MEMBAR.SC.GPU) before its bar.sync, and *every* consumer thread spins with
// `ld.acquire.gpu` (a CCTL.IVALL per poll per thread). SOL (987 ns): writers bar.sync + elected
// st.release.gpu; one elected thread spins with `ld.relaxed.gpu`, then one `fence.acquire.gpu`, then
// bar.sync releases the other threads (R9); the fence.sc.gpu is dropped (the release store and the
// bar.sync already order the writes; nothing strong precedes it, so no store-buffering shape).
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
    %v = "nv_tileas.addi"(%tid, %c1) : (i32, i32) -> i32
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      "nv_tileas.st"(%flag, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.while"() ({
    %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.yield"(%unset) : (i1) -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %q = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_conservative", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry p7_conservative(
// BASE: st.global.u32
// BASE-NEXT: fence.sc.gpu;
// BASE-NEXT: bar.sync 0;
// BASE: st.release.gpu.global.u32
// BASE: ld.acquire.gpu.global.u32
// BASE: bra.uni
// BASE-NOT: bar.sync
// BASE: ld.global.u32

// The producer: no fence.sc; the consumer: tid != 0 skips the spin; thread 0 polls with relaxed
// loads, then the one acquire fence, then every thread meets at bar.sync before reading.
// CHECK-LABEL: .visible .entry p7_conservative(
// CHECK-NOT: fence
// CHECK: st.global.u32
// CHECK-NEXT: bar.sync 0;
// CHECK: st.release.gpu.global.u32
// CHECK: setp.ne.u32 [[NOT0:%p[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @[[NOT0]] bra [[SKIP:\$L__tilec_[0-9]+]];
// CHECK-NEXT: [[SPIN:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32
// CHECK: bra.uni [[SPIN]];
// CHECK: fence.acquire.gpu;
// CHECK-NEXT: [[SKIP]]:
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: ld.global.u32
// CHECK-NOT: fence.sc
// CHECK-NOT: ld.acquire
// CHECK-NOT: membar
// CHECK: ret;

// EXPLAIN: remark: 'ld.relaxed.gpu.global.u32' (free): R9: spin on relaxed loads, one acquire fence after the loop{{.*}}; was 'ld.acquire.gpu.global.u32' (CCTL.IVALL)
// EXPLAIN: remark: 'fence.acquire.gpu' (CCTL.IVALL): inserted by R9:{{.*}} at 'ld'
// EXPLAIN: note: covers the handoff from this 'st' to 'ld' of a thread of another CTA
// EXPLAIN: remark: 'bar.sync' (free): inserted by R9:
// EXPLAIN: remark: removed 'fence.sc.gpu' (MEMBAR.SC.GPU): drop:
