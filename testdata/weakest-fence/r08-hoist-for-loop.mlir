// weakest-fence rule R8, hoist: the elected thread of each CTA copies in[bid] to data[bid], runs a
// 4-iteration `for` loop (constant bounds 0..4, register arithmetic only) with `fence.release.gpu`
// (MEMBAR.ALL.GPU) in its body, then publishes with a relaxed gpu store of flag[bid]. The fence is
// loop-invariant and the handoff it orders (st data -> flag) is outside the loop: R8 moves it after
// the loop, right before the flag store, where it runs once. It stays at gpu scope (open-world flag:
// the reader is another kernel or the host) and is not removed.
// History: the pass once removed this fence (verify-races did not count a release fence in a loop
// body as a release side, so the drop looked as good as the original); the fix kept it in the loop.
// verify-races now counts the body of a `for` with constant bounds lb < ub and step > 0 as run on
// every path, so the hoisted fence verifies and R8 applies. Loops that may run zero times: neg-18.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

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

// The loop body keeps no fence; the one fence.release.gpu sits on the loop's exit edge, after the
// back-edge `bra.uni` and right before the flag store.
// CHECK-LABEL: .visible .entry r8_hoist_for(
// CHECK: st.global.u32
// CHECK-NOT: fence
// CHECK: [[HEAD:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: setp.lt.s32
// CHECK-NEXT: @!{{%p[0-9]+}} bra [[EXIT:\$L__tilec_[0-9]+]];
// CHECK-NOT: fence
// CHECK: bra.uni [[HEAD]];
// CHECK-NEXT: [[EXIT]]:
// CHECK-NEXT: fence.release.gpu;
// CHECK-NOT: fence
// CHECK: st.relaxed.gpu.global.u32
// CHECK-NOT: fence
// CHECK: ret;

// EXPLAIN: remark: 'fence.release.gpu' (MEMBAR.ALL.GPU): R8: duplicate removed or hoisted out of its loop; was 'fence.release.gpu' (MEMBAR.ALL.GPU)
// EXPLAIN-NEXT: "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
// EXPLAIN: note: covers the publication of this 'st' to a reader outside the kernel (another kernel or the host)
