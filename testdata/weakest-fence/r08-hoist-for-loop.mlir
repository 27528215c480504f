// Regression (found while writing this test): the pass used to REMOVE this fence. verify-races does
// not count a release fence inside a loop body as a release side, so the open-world publish handoff
// (st data -> relaxed gpu flag) looked unsynchronized before and after, and nothing stopped the drop.
// Now an open-world handoff that no known path synchronizes freezes every gpu-scope site of the
// kernel: the fence stays (in the loop: hoisting it, R8, is left undone here; see r08-dedupe-hoist).
// weakest-fence rule R8, hoist: the elected thread of each CTA copies in[bid] to data[bid], runs a
// 4-iteration `for` loop (register arithmetic only) with `fence.release.gpu` (MEMBAR.ALL.GPU) in its
// body, then publishes with a relaxed gpu store of flag[bid]. The fence is loop-invariant and the
// handoff it orders (st data -> flag) is outside the loop: it should run once, after the loop, right
// before the flag store. It must stay at gpu scope (open-world flag) and must not be removed.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %d = "nv_tileas.gep"(%data, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%d, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    %acc = "nv_tileas.for"(%c0, %c4, %c1, %v) ({
    ^bb0(%i: i32, %a: i32):
      "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
      %a2 = "nv_tileas.addi"(%a, %i) : (i32, i32) -> i32
      "nv_tileas.yield"(%a2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %f = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%f, %acc) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "r8_hoist_for", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry r8_hoist_for(
// BASE: st.global.u32
// BASE: [[HEAD:\$L__tilec_[0-9]+]]:
// BASE-NEXT: setp.lt.s32
// BASE-NEXT: @!{{%p[0-9]+}} bra
// BASE-NEXT: fence.release.gpu;
// BASE: bra.uni [[HEAD]];
// BASE: st.relaxed.gpu.global.u32

// CHECK-LABEL: .visible .entry r8_hoist_for(
// CHECK: st.global.u32
// CHECK: fence.release.gpu;
// CHECK: st.relaxed.gpu.global.u32
