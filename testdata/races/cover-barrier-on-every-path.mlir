// A CTA barrier on every path between two accesses orders them (passes/src/verify/races/cover.rs):
// in the lowest block that holds both, an op between them that passes a whole-CTA barrier every
// time it runs (the barrier, or an `if` each of whose live arms passes one); or, for two accesses
// in the two arms of a uniform `if` in a loop (they run in different iterations), such an op in
// every iteration around the `if`. The lowering puts the barrier a token asks for into each arm
// of an `if` that holds an ordered op (found by the program generator, docs/fuzzing.md: a
// producer before the `if`, a consumer after it; and a producer and a consumer in the two arms of
// an `if` in a cuda_tile `loop`). cover-barrier-on-every-path-broken.mlir: where one is missing.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// A store before an `if` whose two arms both hold a CTA barrier, a load after it (the lowering's
// barriers of an acquire in one arm and of an acq_rel in the other).
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32, %d: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %go2 = "nv_tileas.cmpi"(%d, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %low = "nv_tileas.cmpi"(%tid, %c64) {predicate = "slt"} : (i32, i32) -> i1
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.if"(%go) ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "barrier_in_both_arms", num_threads = 128 : i32} : () -> ()

// The same with the barrier of one arm in both arms of an inner uniform `if`, and the `if`s in a
// `while` whose condition is uniform.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32, %d: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %go2 = "nv_tileas.cmpi"(%d, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %low = "nv_tileas.cmpi"(%tid, %c64) {predicate = "slt"} : (i32, i32) -> i1
  %r = "nv_tileas.while"(%c0) ({
  ^bb0(%i: i32):
    "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.if"(%go) ({
      "nv_tileas.if"(%go2) ({
        "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }, {
        "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : (i1) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %n = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    %more = "nv_tileas.cmpi"(%n, %c4) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %n) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "barrier_in_nested_arms_in_while", num_threads = 128 : i32} : () -> ()

// The store and the load in the two arms of a uniform `if` in a `while`: they run in different
// iterations, and the barrier after the `if` runs in every iteration, between them.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32, %d: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %go2 = "nv_tileas.cmpi"(%d, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %low = "nv_tileas.cmpi"(%tid, %c64) {predicate = "slt"} : (i32, i32) -> i1
  %r = "nv_tileas.while"(%c0) ({
  ^bb0(%i: i32):
    "nv_tileas.if"(%go) ({
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %n = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    %more = "nv_tileas.cmpi"(%n, %c4) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %n) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "arms_in_while_barrier_after", num_threads = 128 : i32} : () -> ()

// The same with the barrier at the start of every iteration.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32, %d: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %go2 = "nv_tileas.cmpi"(%d, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %low = "nv_tileas.cmpi"(%tid, %c64) {predicate = "slt"} : (i32, i32) -> i1
  %r = "nv_tileas.while"(%c0) ({
  ^bb0(%i: i32):
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.if"(%go) ({
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    %n = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    %more = "nv_tileas.cmpi"(%n, %c4) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %n) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "arms_in_while_barrier_before", num_threads = 128 : i32} : () -> ()

// The barrier in the store's arm after it: it runs in the store's iteration, before the load's.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32, %d: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %go2 = "nv_tileas.cmpi"(%d, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %low = "nv_tileas.cmpi"(%tid, %c64) {predicate = "slt"} : (i32, i32) -> i1
  %r = "nv_tileas.while"(%c0) ({
  ^bb0(%i: i32):
    "nv_tileas.if"(%go) ({
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    %n = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    %more = "nv_tileas.cmpi"(%n, %c4) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %n) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "arms_in_while_barrier_in_store_arm", num_threads = 128 : i32} : () -> ()

// The barrier in the load's arm before it.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32, %d: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %go2 = "nv_tileas.cmpi"(%d, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %low = "nv_tileas.cmpi"(%tid, %c64) {predicate = "slt"} : (i32, i32) -> i1
  %r = "nv_tileas.while"(%c0) ({
  ^bb0(%i: i32):
    "nv_tileas.if"(%go) ({
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    %n = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    %more = "nv_tileas.cmpi"(%n, %c4) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %n) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "arms_in_while_barrier_in_load_arm", num_threads = 128 : i32} : () -> ()
