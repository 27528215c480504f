// NEGATIVE (weakest-fence must not use forms the target lacks): --target sm_80 has no cluster scope and
// no split (`fence.acquire` / `fence.release`) or `sync_restrict` fences (they need sm_90 and PTX 8.6).
// - smem_flag (r02-narrow-scope.mlir): the gpu fences are still narrowed to cta (R2), but the consumer's
//   stays `fence.acq_rel.cta` instead of becoming fence.acquire.cta;
// - host_flag (neg-02): the open-world acquire after the spin stays `fence.acq_rel.sys` (no split, and
//   the sys scope of the flag is kept);
// - p7_conservative (p07-gmem-flag.mlir): fence.sc.gpu is dropped, but the spin keeps
//   `ld.acquire.gpu` (a relaxed spin would need a fence.acq_rel.gpu after it, a MEMBAR.ALL.GPU).
// RUN: tilec %s --target sm_80 --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s --target sm_80 | FileCheck %s --implicit-check-not=fence.acquire --implicit-check-not=fence.release --implicit-check-not=sync_restrict --implicit-check-not=.cluster --implicit-check-not=fence.sc

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %flag = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 128 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%flag, %c0) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %p = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
    %old = "nv_tileas.atom"(%flag, %c1) {kind = #mem.rmw<add>, space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> i32
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %n = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%flag) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> i32
      %more = "nv_tileas.cmpi"(%f, %n) {predicate = "ne"} : (i32, i32) -> i1
      "nv_tileas.yield"(%more) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
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
}) {sym_name = "smem_flag", num_threads = 64 : i32} : () -> ()

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
}) {sym_name = "host_flag", num_threads = 128 : i32} : () -> ()

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

// BASE: .target sm_80
// BASE-LABEL: .visible .entry smem_flag(
// BASE: fence.acq_rel.gpu;
// BASE: fence.acq_rel.gpu;
// BASE-LABEL: .visible .entry host_flag(
// BASE: fence.acq_rel.sys;
// BASE-LABEL: .visible .entry p7_conservative(
// BASE: fence.sc.gpu;

// CHECK: .target sm_80
// CHECK-LABEL: .visible .entry smem_flag(
// CHECK: st.shared.u32
// CHECK-NEXT: fence.acq_rel.cta;
// CHECK-NEXT: atom.relaxed.cta.shared.add.u32
// CHECK: ld.relaxed.cta.shared.u32
// CHECK: fence.acq_rel.cta;
// CHECK-LABEL: .visible .entry host_flag(
// CHECK: ld.relaxed.sys.global.u32
// CHECK: fence.acq_rel.sys;
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: bar.sync 0;
// CHECK-LABEL: .visible .entry p7_conservative(
// CHECK: st.global.u32
// CHECK-NEXT: bar.sync 0;
// CHECK: st.release.gpu.global.u32
// CHECK: ld.acquire.gpu.global.u32
// CHECK: ret;
