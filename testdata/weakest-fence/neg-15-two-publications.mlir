// Regression test (fixed in the commit that added it): this was a miscompile. The first `fence.release.gpu` is removed ("removed 'fence.release.gpu' (MEMBAR.ALL.GPU): drop"), so a[bid] and the relaxed store of fa[bid] that publishes it are no longer ordered: a reader outside the kernel that sees fa[bid] set may read a stale a[bid]. The open-world publish handoffs are compared as (producer, None) keys (openworld::keys), without the flag P that publishes them; after the drop, a[bid] is still "published" through the *second* fence and fb[bid], so the key survives although the handoff to fa[bid] lost its release. The checks below are the expected output (both fences stay).
// NEGATIVE (weakest-fence must not merge or drop release fences that separate two publications): the
// elected thread of each CTA publishes two values through two flags, each with the release pattern
// weak store; `fence.release.gpu`; relaxed gpu flag store:
//   a[bid] = 1; fence; fa[bid] = 1; b[bid] = 1; fence; fb[bid] = 1.
// The two fences are identical but a memory access sits between them, so R8 (dedupe) does not apply,
// and each is the only release of its own flag: a reader (another kernel, the host) of fa must see a.
// Both fences stay, at gpu scope.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%a: !nv_tileas.ptr<global>, %fa: !nv_tileas.ptr<global>, %b: !nv_tileas.ptr<global>, %fb: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %pa = "nv_tileas.gep"(%a, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%pa, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
    %qa = "nv_tileas.gep"(%fa, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%qa, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    %pb = "nv_tileas.gep"(%b, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%pb, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
    %qb = "nv_tileas.gep"(%fb, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%qb, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "two_publications", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry two_publications(
// BASE: st.global.u32
// BASE-NEXT: fence.release.gpu;
// BASE-NEXT: mad.wide.u32
// BASE-NEXT: st.relaxed.gpu.global.u32
// BASE: st.global.u32
// BASE-NEXT: fence.release.gpu;
// BASE-NEXT: mad.wide.u32
// BASE-NEXT: st.relaxed.gpu.global.u32

// CHECK-LABEL: .visible .entry two_publications(
// CHECK: st.global.u32
// CHECK-NEXT: fence.release.gpu;
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: st.relaxed.gpu.global.u32
// CHECK: st.global.u32
// CHECK-NEXT: fence.release.gpu;
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: st.relaxed.gpu.global.u32
// CHECK: ret;
