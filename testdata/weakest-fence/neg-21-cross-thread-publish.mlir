// NEGATIVE (weakest-fence must not remove a release fence that publishes other threads' writes to a
// reader outside the kernel): threads 0..63 (`if tid < 64`) write data[bid*128+tid], then
// `bar.sync 1`; threads 64..127 (the else arm) `bar.sync 1`, `fence.release.gpu`, then set
// flag[bid*128+tid] with st.relaxed.gpu, read by another kernel or the host. The fence is what
// publishes the data writes of the then arm (cumulativity through the barrier): without it the
// reader may see a flag before the data. The checker's open-world path search does not find the path
// st data -> bar.sync 1 (then arm) -> bar.sync 1 (else arm) -> fence -> flag store, so the pair is
// uncovered, which freezes the kernel: the fence stays, at gpu scope, release. (No thread runs both
// arms, but the publication goes from one thread to another.)
// History: found as a miscompile of an unsound change (arms of one `if` taken as exclusive, so the
// pair was dropped and the fence removed: "drop: every handoff it covered is covered by another
// mechanism") that was reverted.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %lo = "nv_tileas.cmpi"(%tid, %c64) {predicate = "ult"} : (i32, i32) -> i1
  "nv_tileas.if"(%lo) ({
    %p = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 1 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.barrier"() {id = 1 : i32} : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
    %f = "nv_tileas.gep"(%flag, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%f, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cross_arm_publish", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry cross_arm_publish(
// BASE: st.global.u32
// BASE-NEXT: bar.sync 1;
// BASE: bar.sync 1;
// BASE-NEXT: fence.release.gpu;
// BASE-NEXT: mad.wide.u32
// BASE-NEXT: st.relaxed.gpu.global.u32

// CHECK-LABEL: .visible .entry cross_arm_publish(
// CHECK: st.global.u32
// CHECK-NEXT: bar.sync 1;
// CHECK: bar.sync 1;
// CHECK-NEXT: fence.release.gpu;
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: st.relaxed.gpu.global.u32
// CHECK: ret;
