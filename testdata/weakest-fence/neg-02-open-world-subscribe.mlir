// NEGATIVE (weakest-fence must not remove or narrow an acquire side that a later consumer needs): an
// open-world subscription. The elected thread spins on a flag that the host (sys) or another kernel
// (gpu) sets after writing `data`, then `fence.acq_rel.S`, bar.sync, and every thread reads data. The
// writer is outside the kernel, so verify-races sees no handoff (the weak reads have no in-kernel
// writer); the fence is the acquire side of the open-world handoff "flag -> data" (SYNC-MODEL §4:
// the scope of the strong access that observes it, here sys / gpu, is kept). Removing it, or relying
// on the bar.sync (cta scope only), or narrowing it would let the reads see stale data. R1 may split
// it to `fence.acquire.S` (nothing is released here).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<sys>} : (!nv_tileas.ptr<global>) -> i32
      %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
      "nv_tileas.yield"(%unset) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<sys>} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %q = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "s_host_flag", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
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
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %q = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "gpu_flag_from_other_kernel", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry s_host_flag(
// BASE: ld.relaxed.sys.global.u32
// BASE: fence.acq_rel.sys;
// BASE-LABEL: .visible .entry gpu_flag_from_other_kernel(
// BASE: ld.relaxed.gpu.global.u32
// BASE: fence.acq_rel.gpu;

// CHECK-LABEL: .visible .entry s_host_flag(
// CHECK: ld.relaxed.sys.global.u32
// CHECK: bra.uni
// CHECK: fence.acquire.sys;
// CHECK: bar.sync 0;
// CHECK: ld.global.u32
// CHECK-LABEL: .visible .entry gpu_flag_from_other_kernel(
// CHECK: ld.relaxed.gpu.global.u32
// CHECK: bra.uni
// CHECK: fence.acquire.gpu;
// CHECK: bar.sync 0;
// CHECK: ld.global.u32

// EXPLAIN: remark: 'fence.acquire.sys' (CCTL.IVALL): R1: acq_rel split: only one side of its handoffs needs it; was 'fence.acq_rel.sys' (MEMBAR.SYS)
// EXPLAIN: remark: 'fence.acquire.gpu' (CCTL.IVALL): R1: acq_rel split: only one side of its handoffs needs it; was 'fence.acq_rel.gpu' (MEMBAR.ALL.GPU)
// EXPLAIN-NOT: removed
