// NEGATIVE (weakest-fence must not remove the acquire fence of an open-world subscription that other
// threads rely on): warp 0 (`if tid < 32`) spins with relaxed gpu loads on a flag that another kernel
// or the host sets, then `fence.acquire.gpu`, then `bar.sync 1`; warps 1..3 (the else arm)
// `bar.sync 1` and then read data[bid*128+tid] (written outside the kernel before the flag) and
// store it to out. A warp-specialized "one warp waits, the others consume" shape. The acquire fence
// is what makes the other warps' reads see the data (it orders warp 0's observation of the flag
// before the barrier; cumulativity carries it). The checker does not find the path ld flag (then
// arm) -> fence -> bar.sync 1 -> bar.sync 1 (else arm) -> ld data, so the subscribe pair (flag load,
// data load) is uncovered, which freezes the kernel: `fence.acquire.gpu` stays between the spin and
// `bar.sync 1`, and the polls stay relaxed polls of warp 0 (no elect, no R9 rewrite).
// History: found as a miscompile of an unsound change (arms of one `if` taken as exclusive, so the
// pair was dropped and the fence removed) that was reverted.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c32 = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %w0 = "nv_tileas.cmpi"(%tid, %c32) {predicate = "ult"} : (i32, i32) -> i1
  "nv_tileas.if"(%w0) ({
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
      "nv_tileas.yield"(%unset) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
    "nv_tileas.barrier"() {id = 1 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.barrier"() {id = 1 : i32} : () -> ()
    %q = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cross_arm_subscribe", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry cross_arm_subscribe(
// BASE: ld.relaxed.gpu.global.u32
// BASE: fence.acquire.gpu;
// BASE-NEXT: bar.sync 1;
// BASE: bar.sync 1;
// BASE-NEXT: mad.wide.u32
// BASE-NEXT: ld.global.u32

// CHECK-LABEL: .visible .entry cross_arm_subscribe(
// CHECK: [[SPIN:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32
// CHECK: bra.uni [[SPIN]];
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: fence.acquire.gpu;
// CHECK-NEXT: bar.sync 1;
// CHECK: bar.sync 1;
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: ld.global.u32
// CHECK: ret;
