// A CTA barrier in a branch every thread takes together (an `if` on a CTA-uniform condition, a
// `for` with uniform bounds) orders a producer before the branch with a consumer in it after the
// barrier, and a producer in the branch before the barrier with a consumer after the branch:
// whenever both run, every thread passed the barrier between them. This is how the lowering
// places the barrier a token asks for inside the `if` or `for` that holds the ordered op
// (issue 14: such kernels were reported as check 1).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// Producer before the `if`, barrier and consumer inside it.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.if"(%go) ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "consumer_in_branch", num_threads = 128 : i32} : () -> ()

// Producer and barrier inside the `if`, consumer after it.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  "nv_tileas.if"(%go) ({
    "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "producer_in_branch", num_threads = 128 : i32} : () -> ()

// Producer in a branch of its own that closes before the barrier (the bounds mask of a 96-element
// tile on 128 threads), barrier and consumer in a uniform branch after it: whenever the consumer
// runs, the CTA took that branch, so every thread that stored passed the barrier after storing
// (found by the program generator, docs/fuzzing.md).
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
    "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.if"(%go) ({
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.if"(%mask) ({
      %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "masked_producer_before_branch", num_threads = 128 : i32} : () -> ()

// Producer and barrier in a uniform branch, the consumer after it in a branch of its own (the
// bounds mask of a 96-element tile): whenever the producer runs, the whole CTA passes the
// barrier after it, before the consumer (found by the program generator, docs/fuzzing.md). The
// consumer in the other arm of the producer's `if` would not be ordered so (it is not: the arms
// are exclusive; testdata/weakest-fence/neg-19-frozen-across-arms.mlir keeps the open-world
// handoffs between arms uncovered).
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
  "nv_tileas.if"(%go) ({
    "nv_tileas.if"(%mask) ({
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.if"(%mask) ({
    %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "masked_consumer_after_branch", num_threads = 128 : i32} : () -> ()

// A masked producer before a uniform branch that holds the barrier and the consumer, in a `for`
// that carries a value per thread (the thread id, plus one each iteration): the bounds and step
// decide the iterations, not the carried values, so every thread runs the same iterations and the
// barrier is the CTA's (found by the program generator: a carried `iota` tile). The barrier that
// closes each iteration orders the load before the next iteration's store.
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
  %ub = "nv_tileas.addi"(%n, %c0) : (i32, i32) -> i32
  %acc = "nv_tileas.for"(%c0, %ub, %c1, %tid) ({
  ^bb0(%i: i32, %a: i32):
    "nv_tileas.if"(%mask) ({
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
}) {sym_name = "for_carrying_thread_values", num_threads = 128 : i32} : () -> ()
