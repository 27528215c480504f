// NEGATIVE (weakest-fence must not hoist a fence out of a loop whose handoffs are inside it): the
// elected thread of each CTA publishes 4 values one by one: each iteration copies in[8*bid + i] to
// data[8*bid + i], issues `fence.release.gpu`, and sets flag[8*bid + i] with a relaxed gpu store (a
// reader elsewhere may consume element i as soon as its flag is up). The fence looks loop-invariant,
// but the handoff it orders (this iteration's data store -> this iteration's flag store) is inside
// the loop: hoisting it after the loop (R8) would publish flags 0..3 before any data is ordered, and
// dropping it is worse. It stays in the loop body, at gpu scope.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c8 = "nv_tileas.constant"() {value = 8 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %base = "nv_tileas.muli"(%bid, %c8) : (i32, i32) -> i32
    "nv_tileas.for"(%c0, %c4, %c1) ({
    ^bb0(%i: i32):
      %j = "nv_tileas.addi"(%base, %i) : (i32, i32) -> i32
      %src = "nv_tileas.gep"(%in, %j) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      %d = "nv_tileas.gep"(%data, %j) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      "nv_tileas.st"(%d, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
      %f = "nv_tileas.gep"(%flag, %j) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      "nv_tileas.st"(%f, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "publish_per_iteration", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry publish_per_iteration(
// BASE: st.global.u32
// BASE: fence.release.gpu;
// BASE: st.relaxed.gpu.global.u32

// CHECK-LABEL: .visible .entry publish_per_iteration(
// CHECK: [[HEAD:\$L__tilec_[0-9]+]]:
// CHECK: ld.global.u32
// CHECK: st.global.u32
// CHECK-NEXT: fence.release.gpu;
// CHECK: st.relaxed.gpu.global.u32
// CHECK: bra.uni [[HEAD]];
// CHECK-NOT: fence
// CHECK: ret;
