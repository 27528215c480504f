// A loop whose copies would not stand for every iteration is not modeled: the conservative ring
// of loop-p02-ring.mlir with an `if (i < 100)` in the consumer's loop. A condition on the induction
// variable must keep, far beyond the copies, the value it has in them (this one turns false at
// iteration 100, after the steady-state copies). Unmodeled, the ring's slots and phases are not
// followed (a slot barrier `gep(full, i % 4)` is not the one the init loop initialized), so
// verify-races rejects the kernel rather than vouch for it, and weakest-fence never sees it; the
// same ring without the `if` is accepted and optimized (loop-p02-ring.mlir).
// RUN: not tilec %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: check 8 (mbarrier init not published): 'mbarrier_wait' uses an mbarrier that no mbarrier_init initializes

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %full = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %empty = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ring = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c32 = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 1000 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %c4, %c1) ({
    ^bb0(%s: i32):
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%f, %c32) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%e, %c32) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({
    %lane = "nv_tileas.lane_id"() : () -> i32
    "nv_tileas.for"(%c0, %n, %c1) ({
    ^bb0(%i: i32):
      %s = "nv_tileas.remui"(%i, %c4) : (i32, i32) -> i32
      %u = "nv_tileas.divui"(%i, %c4) : (i32, i32) -> i32
      %ph = "nv_tileas.andi"(%u, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %base = "nv_tileas.muli"(%s, %c32) : (i32, i32) -> i32
      %idx = "nv_tileas.addi"(%base, %lane) : (i32, i32) -> i32
      %p = "nv_tileas.gep"(%ring, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_wait"(%e, %pe) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      "nv_tileas.st"(%p, %i) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      "nv_tileas.mbarrier_arrive"(%f) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %lane = "nv_tileas.lane_id"() : () -> i32
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %o = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.for"(%c0, %n, %c1) ({
    ^bb0(%i: i32):
      %s = "nv_tileas.remui"(%i, %c4) : (i32, i32) -> i32
      %u = "nv_tileas.divui"(%i, %c4) : (i32, i32) -> i32
      %ph = "nv_tileas.andi"(%u, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %base = "nv_tileas.muli"(%s, %c32) : (i32, i32) -> i32
      %idx = "nv_tileas.addi"(%base, %lane) : (i32, i32) -> i32
      %p = "nv_tileas.gep"(%ring, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_wait"(%f, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      %x = "nv_tileas.ld"(%p) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
      "nv_tileas.st"(%o, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      %c100 = "nv_tileas.constant"() {value = 100 : i32} : () -> i32
      %early = "nv_tileas.cmpi"(%i, %c100) {predicate = "slt"} : (i32, i32) -> i1
      "nv_tileas.if"(%early) ({
        "nv_tileas.st"(%o, %i) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : (i1) -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      "nv_tileas.mbarrier_arrive"(%e) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "ring_threshold", num_threads = 64 : i32} : () -> ()

