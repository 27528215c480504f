// NEGATIVE (weakest-fence must keep an sc fence that sits in a loop).
// sc_in_loop_carried: each iteration loads y (relaxed gpu), stores x (relaxed gpu), then
// `fence.sc.gpu`. Within one iteration nothing strong follows the fence, but through the back edge
// the store of x in iteration i, the fence.sc, and the load of y in iteration i+1 are exactly the
// store-buffering shape (neg-03): only the sc fence orders that store before that load. The race
// checker does not look at loop-carried pairs (docs/verify-races.md "Loops"), so it cannot vouch for
// any weakening: the fence must stay an sc fence in the loop.
// sc_alone_in_loop: a relaxed store of x, a loop whose body is only the fence and register
// arithmetic, then a relaxed load of y: store -> fence.sc -> load, the store-buffering shape again;
// the fence is kept as fence.sc.gpu.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%x: !nv_tileas.ptr<global>, %y: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %s = "nv_tileas.for"(%c0, %c4, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %r = "nv_tileas.ld"(%y) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.st"(%x, %i) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
      %a2 = "nv_tileas.addi"(%acc, %r) : (i32, i32) -> i32
      "nv_tileas.yield"(%a2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %o = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%o, %s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "sc_in_loop_carried", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%x: !nv_tileas.ptr<global>, %y: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%x, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    %s = "nv_tileas.for"(%c0, %c4, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
      %a2 = "nv_tileas.addi"(%acc, %i) : (i32, i32) -> i32
      "nv_tileas.yield"(%a2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %r = "nv_tileas.ld"(%y) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    %o = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %t = "nv_tileas.addi"(%s, %r) : (i32, i32) -> i32
    "nv_tileas.st"(%o, %t) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "sc_alone_in_loop", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry sc_in_loop_carried(
// BASE: st.relaxed.gpu.global.u32
// BASE-NEXT: fence.sc.gpu;
// BASE-LABEL: .visible .entry sc_alone_in_loop(
// BASE: fence.sc.gpu;

// CHECK-LABEL: .visible .entry sc_in_loop_carried(
// CHECK: [[HEAD:\$L__tilec_[0-9]+]]:
// CHECK: ld.relaxed.gpu.global.u32
// CHECK: st.relaxed.gpu.global.u32
// CHECK-NEXT: fence.sc.gpu;
// CHECK: bra.uni [[HEAD]];
// CHECK-LABEL: .visible .entry sc_alone_in_loop(
// CHECK: st.relaxed.gpu.global.u32
// CHECK: [[HEAD2:\$L__tilec_[0-9]+]]:
// CHECK: fence.sc.gpu;
// CHECK: bra.uni [[HEAD2]];
// CHECK: ld.relaxed.gpu.global.u32
