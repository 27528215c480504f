// cover-barrier-on-every-path.mlir where a path between the two accesses passes no CTA barrier:
// a barrier in one arm only, in arms of a thread-dependent `if`, before the access in its own
// arm, in some iterations only, before the store or after the load in the arms of a `while`'s `if`; and two arms of an `if` on the thread id, which run in one
// iteration.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// The barrier in one arm only: when the other is taken, nothing orders the pair.
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
  // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.if"(%go) ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {

    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "barrier_in_one_arm", num_threads = 128 : i32} : () -> ()

// Both arms hold a barrier, but the `if` depends on the thread: no CTA barrier.
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
  // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.if"(%low) ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "barrier_in_both_thread_arms", num_threads = 128 : i32} : () -> ()

// Both arms hold a barrier, the store comes after the barrier of its arm.
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
  "nv_tileas.if"(%go) ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
    "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "store_after_barrier_in_arm", num_threads = 128 : i32} : () -> ()

// The two arms in a `while` with a barrier that runs only in some iterations.
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
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.if"(%go2) ({
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }, {

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
}) {sym_name = "arms_in_while_barrier_in_branch", num_threads = 128 : i32} : () -> ()

// The two arms of an `if` on the thread id in a `while` with a barrier after it: in one
// iteration threads below 64 store while the others load.
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
    "nv_tileas.if"(%low) ({
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
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
}) {sym_name = "thread_arms_in_while", num_threads = 128 : i32} : () -> ()

// The barrier in the store's arm before it: nothing runs between the store of one iteration and
// the load of a later one.
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
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
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
}) {sym_name = "arms_in_while_barrier_before_store_in_arm", num_threads = 128 : i32} : () -> ()

// The barrier in the load's arm after it (it orders the load before a later store, not a store
// before a later load).
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
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
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
}) {sym_name = "arms_in_while_barrier_after_load_in_arm", num_threads = 128 : i32} : () -> ()
