// NEGATIVE (weakest-fence must not weaken anything while an open-world handoff is uncovered):
// SYNC-MODEL P7 with the arms swapped, in one `if` on a CTA-uniform condition. `if (bid != 0)` the
// CTA is a consumer (its elected thread spins on the flag with relaxed gpu loads, then
// `fence.acq_rel.gpu`, then bar.sync and every thread reads data[tid] and stores out[bid*128+tid]);
// else (CTA 0) every thread writes data[tid], `fence.acq_rel.gpu`, bar.sync, and the elected thread
// bumps the flag with `atom.release.gpu`. The open-world analysis pairs the release atom (a strong
// global write another kernel or the host may read) with every global access before it in program
// order, and the flag poll (a strong read whose value is used) with every one after it. So the
// consumer arm's accesses (flag poll, data read, out store) and the producer arm's release atom form
// open-world publish pairs, and the poll and the producer arm's data store a subscribe pair, which no
// path the checker sees covers: no thread runs both arms. That does not make them unreachable: a
// handoff can still pass between the arms through threads or CTAs the checker does not follow (a
// consumer CTA relaying to CTA 0 through a barrier or flag it does not model). An uncovered
// open-world handoff freezes every release and acquire of the kernel (all scopes; only proxy fences
// stay open), so both `fence.acq_rel.gpu` stay as written: no R1 split of the consumer's fence to
// fence.acquire.gpu, no drop of the producer's fence.
// History: this file was openworld-exclusive-arms, the positive test of a change that treated the
// arms of one `if` as exclusive (no open-world pairs between them); the change was unsound and was
// reverted, and the test became this negative.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %not0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "ne"} : (i32, i32) -> i1
  "nv_tileas.if"(%not0) ({
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
        "nv_tileas.yield"(%unset) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
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
    "nv_tileas.yield"() : () -> ()
  }, {
    %p = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.addi"(%tid, %c1) : (i32, i32) -> i32
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %old = "nv_tileas.atom"(%flag, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "consumer_then_producer_else", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry consumer_then_producer_else(
// BASE: ld.relaxed.gpu.global.u32
// BASE: fence.acq_rel.gpu;
// BASE: bar.sync 0;
// BASE: ld.global.u32
// BASE: st.global.u32
// BASE: st.global.u32
// BASE-NEXT: fence.acq_rel.gpu;
// BASE-NEXT: bar.sync 0;
// BASE: atom.release.gpu.global.add.u32

// CHECK-LABEL: .visible .entry consumer_then_producer_else(
// CHECK-NOT: fence
// CHECK: [[SPIN:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32
// CHECK: bra.uni [[SPIN]];
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: fence.acq_rel.gpu;
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: fence
// CHECK: ld.global.u32
// CHECK: st.global.u32
// CHECK-NOT: fence
// CHECK: st.global.u32
// CHECK-NEXT: fence.acq_rel.gpu;
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: fence
// CHECK: atom.release.gpu.global.add.u32
// CHECK-NOT: fence
// CHECK: ret;

// EXPLAIN-NOT: {{removed|R1:}}
// EXPLAIN: remark: 'fence.acq_rel.gpu' (MEMBAR.ALL.GPU): kept:
// EXPLAIN-NOT: {{removed|R1:}}
// EXPLAIN: remark: 'fence.acq_rel.gpu' (MEMBAR.ALL.GPU): kept:
// EXPLAIN-NOT: {{removed|R1:}}
// EXPLAIN: remark: 'atom.release.gpu.global.add.u32' (MEMBAR.ALL.GPU): kept:
// EXPLAIN-NOT: {{removed|R1:}}
