// Loads of a broadcast slot are CTA-uniform (passes/src/verify/races/slots.rs): the lowering's
// 0-d result of an elected access reaches every thread through a shared-memory slot of its own,
// `elect { %x = ld …; st %slot, %x }; barrier; %y = ld %slot`, with a barrier before the elect in
// every iteration of a loop around it. An `if` on %y is taken by the whole CTA together, so a
// barrier in it is the CTA's: it orders a masked store before the `if` with a masked load of
// other threads' elements after it (found by the program generator, docs/fuzzing.md: `if` on a
// loaded 0-d value, and a spin `loop` on one). broadcast-slot-broken.mlir: a second write of the
// slot, a store by every thread, no barrier before the load, no barrier before the next
// iteration's store.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// An `if` on the load.
// A `while` on the load (a spin): the barrier in its body is the CTA's in every iteration.
"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %c: i32):
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c95 = "nv_tileas.constant"() {value = 95 : i32} : () -> i32
  %c96 = "nv_tileas.constant"() {value = 96 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c95, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %q = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %mask = "nv_tileas.cmpi"(%tid, %c96) {predicate = "ult"} : (i32, i32) -> i1
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  "nv_tileas.elect"() ({
    %x = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.st"(%slot, %x) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %y = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %yes = "nv_tileas.cmpi"(%y, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  "nv_tileas.if"(%mask) ({
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.if"(%yes) ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.if"(%mask) ({
      %v = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "if_on_broadcast_load", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %c: i32):
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c95 = "nv_tileas.constant"() {value = 95 : i32} : () -> i32
  %c96 = "nv_tileas.constant"() {value = 96 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c95, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %q = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %mask = "nv_tileas.cmpi"(%tid, %c96) {predicate = "ult"} : (i32, i32) -> i1
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %r = "nv_tileas.while"(%c0) ({
  ^bb0(%i: i32):
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %x = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.st"(%slot, %x) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %y = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    "nv_tileas.if"(%mask) ({
      "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.if"(%go) ({
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.if"(%mask) ({
        %v = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
        "nv_tileas.yield"() : () -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : (i1) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    %more = "nv_tileas.cmpi"(%y, %c1) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %i) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "spin_on_broadcast_load", num_threads = 128 : i32} : () -> ()
