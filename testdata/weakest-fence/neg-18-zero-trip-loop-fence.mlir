// NEGATIVE (weakest-fence must not count on a fence in a loop body that may not run): the kernel of
// r08-hoist-for-loop (elected copy in[bid] -> data[bid], a `for` loop with `fence.release.gpu` in its
// body, relaxed gpu store of flag[bid] read outside the kernel), with loops that may run zero times.
// verify-races counts a `for` body as run on every path only when its bounds are constants with
// lb < ub and step > 0; otherwise the release fence in it covers nothing after the loop.
// (a) The only fence is in the body of a loop with bounds 0..0, 0..%param, 0..%loaded: the fence is
//     kept (in the loop, as written: the open-world publish st data -> flag is not covered on the
//     zero-trip path, which freezes the kernel's gpu-scope sites); there must be a gpu (or sys)
//     release-or-stronger fence between the data store and the flag store.
// (b) A fence before the loop and one in its body: the one before the loop is the one that always
//     runs and must stay; dropping it in favour of the in-loop fence (what a checker that counted
//     zero-trip or unknown-trip bodies would allow) leaves no fence on the zero-trip path. The
//     in-loop fence goes (covered by the one before).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

// (a) bounds 0..0: the body never runs.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %d = "nv_tileas.gep"(%data, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%d, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    %acc = "nv_tileas.for"(%c0, %c0, %c1, %v) ({
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
}) {sym_name = "zero_trip_fence_in_loop", num_threads = 128 : i32} : () -> ()

// (a) bounds 0..%iters, a kernel parameter: may be 0.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %iters: i32):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %d = "nv_tileas.gep"(%data, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%d, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    %acc = "nv_tileas.for"(%c0, %iters, %c1, %v) ({
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
}) {sym_name = "param_trip_fence_in_loop", num_threads = 128 : i32} : () -> ()

// (a) bounds 0..%v, the value just loaded from in[bid]: may be 0 or negative.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %d = "nv_tileas.gep"(%data, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%d, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    %acc = "nv_tileas.for"(%c0, %v, %c1, %c0) ({
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
}) {sym_name = "loaded_trip_fence_in_loop", num_threads = 128 : i32} : () -> ()

// (b) a fence before the 0..0 loop and one in its body: only the one before the loop runs.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %d = "nv_tileas.gep"(%data, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%d, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
    %acc = "nv_tileas.for"(%c0, %c0, %c1, %v) ({
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
}) {sym_name = "zero_trip_fence_before_loop", num_threads = 128 : i32} : () -> ()

// (b) a fence before the 0..%iters loop and one in its body.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %iters: i32):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %d = "nv_tileas.gep"(%data, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%d, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
    %acc = "nv_tileas.for"(%c0, %iters, %c1, %v) ({
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
}) {sym_name = "param_trip_fence_before_loop", num_threads = 128 : i32} : () -> ()

// (b, contrast) the same with bounds 0..4: the body runs, so either fence covers the handoff;
// the one in the body, run every iteration, goes.
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
    "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : () -> ()
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
}) {sym_name = "const_trip_fence_before_loop", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry zero_trip_fence_in_loop(
// BASE: fence.release.gpu;
// BASE: st.relaxed.gpu.global.u32
// BASE-LABEL: .visible .entry param_trip_fence_in_loop(
// BASE: fence.release.gpu;
// BASE: st.relaxed.gpu.global.u32
// BASE-LABEL: .visible .entry loaded_trip_fence_in_loop(
// BASE: fence.release.gpu;
// BASE: st.relaxed.gpu.global.u32
// BASE-LABEL: .visible .entry zero_trip_fence_before_loop(
// BASE: st.global.u32
// BASE-NEXT: fence.release.gpu;
// BASE: fence.release.gpu;
// BASE: st.relaxed.gpu.global.u32
// BASE-LABEL: .visible .entry param_trip_fence_before_loop(
// BASE: st.global.u32
// BASE-NEXT: fence.release.gpu;
// BASE: fence.release.gpu;
// BASE: st.relaxed.gpu.global.u32
// BASE-LABEL: .visible .entry const_trip_fence_before_loop(
// BASE: st.global.u32
// BASE-NEXT: fence.release.gpu;
// BASE: fence.release.gpu;
// BASE: st.relaxed.gpu.global.u32

// (a): a release (or stronger) fence at gpu or sys scope between the data store and the flag store.
// CHECK-LABEL: .visible .entry zero_trip_fence_in_loop(
// CHECK: st.global.u32
// CHECK: fence.{{(release|acq_rel|sc)}}.{{(gpu|sys)}};
// CHECK: st.relaxed.gpu.global.u32
// CHECK-LABEL: .visible .entry param_trip_fence_in_loop(
// CHECK: st.global.u32
// CHECK: fence.{{(release|acq_rel|sc)}}.{{(gpu|sys)}};
// CHECK: st.relaxed.gpu.global.u32
// CHECK-LABEL: .visible .entry loaded_trip_fence_in_loop(
// CHECK: st.global.u32
// CHECK: fence.{{(release|acq_rel|sc)}}.{{(gpu|sys)}};
// CHECK: st.relaxed.gpu.global.u32

// (b): the fence before the loop stays; the loop (header to back edge) has none.
// CHECK-LABEL: .visible .entry zero_trip_fence_before_loop(
// CHECK: st.global.u32
// CHECK-NEXT: fence.release.gpu;
// CHECK: [[H1:\$L__tilec_[0-9]+]]:
// CHECK-NOT: fence
// CHECK: bra.uni [[H1]];
// CHECK-NOT: fence
// CHECK: st.relaxed.gpu.global.u32
// CHECK-LABEL: .visible .entry param_trip_fence_before_loop(
// CHECK: st.global.u32
// CHECK-NEXT: fence.release.gpu;
// CHECK: [[H2:\$L__tilec_[0-9]+]]:
// CHECK-NOT: fence
// CHECK: bra.uni [[H2]];
// CHECK-NOT: fence
// CHECK: st.relaxed.gpu.global.u32

// (b, contrast): the fence before the loop stays and the one in the body goes (the more
// expensive site, run every iteration, is visited first: the one before the loop covers it).
// CHECK-LABEL: .visible .entry const_trip_fence_before_loop(
// CHECK: st.global.u32
// CHECK-NEXT: fence.release.gpu;
// CHECK: [[H3:\$L__tilec_[0-9]+]]:
// CHECK-NOT: fence
// CHECK: bra.uni [[H3]];
// CHECK-NOT: fence
// CHECK: st.relaxed.gpu.global.u32
