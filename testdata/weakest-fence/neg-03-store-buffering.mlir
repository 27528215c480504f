// NEGATIVE (weakest-fence must keep `fence.sc`): the store-buffering (Dekker) shape. The elected thread of
// every CTA stores x (relaxed gpu; a relaxed atomic exchange in the second kernel), `fence.sc.gpu`,
// then loads y (relaxed gpu) and records it; in the intended protocol another CTA / kernel does the
// mirror image (store y, fence.sc, load x), and at least one of them must see the other's store.
// Only the sc fence gives that store -> load order: an acq_rel or release/acquire fence does not order
// a store before a later load of another location, and removing it allows both loads to see 0. The
// race checker does not model the sc order (there is no handoff for it to see), so the pass leaves
// any sc fence with a strong access before and after it alone.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%x: !nv_tileas.ptr<global>, %y: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%x, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
    %r = "nv_tileas.ld"(%y) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    %o = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%o, %r) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "sb_gpu", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%x: !nv_tileas.ptr<global>, %y: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %old = "nv_tileas.atom"(%x, %c1) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
    "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
    %r = "nv_tileas.ld"(%y) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    %o = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%o, %r) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "sb_dekker_atom", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry sb_gpu(
// BASE: st.relaxed.gpu.global.u32
// BASE-NEXT: fence.sc.gpu;
// BASE-NEXT: ld.relaxed.gpu.global.u32
// BASE-LABEL: .visible .entry sb_dekker_atom(
// BASE: atom.relaxed.gpu.global.exch.b32
// BASE-NEXT: fence.sc.gpu;
// BASE-NEXT: ld.relaxed.gpu.global.u32

// CHECK-LABEL: .visible .entry sb_gpu(
// CHECK: st.relaxed.gpu.global.u32
// CHECK-NEXT: fence.sc.gpu;
// CHECK-NEXT: ld.relaxed.gpu.global.u32
// CHECK-LABEL: .visible .entry sb_dekker_atom(
// CHECK: atom.relaxed.gpu.global.exch.b32
// CHECK-NEXT: fence.sc.gpu;
// CHECK-NEXT: ld.relaxed.gpu.global.u32

// EXPLAIN: remark: 'fence.sc.gpu' (MEMBAR.SC.GPU): kept: the kernel is frozen
// EXPLAIN: remark: 'fence.sc.gpu' (MEMBAR.SC.GPU): kept: the kernel is frozen
// EXPLAIN-NOT: removed
