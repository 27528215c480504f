// barrier-in-uniform-branch.mlir with the barrier where it does not order the handoff: under a
// condition on the thread id (not every thread reaches it: it is no CTA barrier for the
// handoff), in a branch that holds neither access (when the branch is not taken, nothing
// orders them), and in a `for` whose bound depends on the thread id.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// The `if` depends on the thread id.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %lo = "nv_tileas.cmpi"(%tid, %c64) {predicate = "slt"} : (i32, i32) -> i1
  // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.if"(%lo) ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "thread_dependent_branch", num_threads = 128 : i32} : () -> ()

// The barrier is in a branch of its own; the consumer comes after it.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
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
}) {sym_name = "barrier_in_other_branch", num_threads = 128 : i32} : () -> ()

// The producer in a masked branch, the barrier in one arm of a uniform `if` and the consumer in
// the other: when the consumer runs, no thread passed the barrier.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c95 = "nv_tileas.constant"() {value = 95 : i32} : () -> i32
  %c96 = "nv_tileas.constant"() {value = 96 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c95, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %mask = "nv_tileas.cmpi"(%tid, %c96) {predicate = "ult"} : (i32, i32) -> i1
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  "nv_tileas.if"(%mask) ({
    // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA}}
    "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.if"(%go) ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "barrier_in_the_other_arm", num_threads = 128 : i32} : () -> ()

// barrier-in-uniform-branch.mlir's `for_carrying_thread_values` with a bound that depends on the
// thread id: threads run different iterations, the barrier is no CTA barrier.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c95 = "nv_tileas.constant"() {value = 95 : i32} : () -> i32
  %c96 = "nv_tileas.constant"() {value = 96 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c95, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %mask = "nv_tileas.cmpi"(%tid, %c96) {predicate = "ult"} : (i32, i32) -> i1
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %ub = "nv_tileas.addi"(%n, %tid) : (i32, i32) -> i32
  %acc = "nv_tileas.for"(%c0, %ub, %c1, %tid) ({
  ^bb0(%i: i32, %a: i32):
    "nv_tileas.if"(%mask) ({
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (in the same iteration of the loop)}}
      "nv_tileas.st"(%p, %a) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.if"(%go) ({
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.if"(%mask) ({
        %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
        "nv_tileas.yield"() : () -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : (i1) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %next = "nv_tileas.addi"(%a, %c1) : (i32, i32) -> i32
    "nv_tileas.yield"(%next) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "for_bound_on_thread_id", num_threads = 128 : i32} : () -> ()
