// --explain-fences on a frozen kernel (the kernel of neg-21-cross-thread-publish.mlir): an
// open-world publication passes through a barrier in divergent code the checker does not see, so no
// release or acquire of the kernel is weakened, and the kept fence's remark says so.
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: remark: 'fence.release.gpu' (MEMBAR.ALL.GPU): kept: the kernel is frozen (an open-world handoff

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

