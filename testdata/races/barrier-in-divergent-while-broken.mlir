// barrier-in-uniform-while.mlir with a `while` whose condition may differ between the threads of
// the CTA: a thread may run an iteration that another does not, so the barrier in it is no CTA
// barrier for the handoff (the consumer of one thread may run in an iteration where the producing
// thread did not pass it).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// The trip count depends on the thread id (odd threads run a fifth iteration).
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c95 = "nv_tileas.constant"() {value = 95 : i32} : () -> i32
  %c96 = "nv_tileas.constant"() {value = 96 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c95, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %mask = "nv_tileas.cmpi"(%tid, %c96) {predicate = "ult"} : (i32, i32) -> i1
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %odd = "nv_tileas.andi"(%tid, %c1) : (i32, i32) -> i32
  %lim = "nv_tileas.addi"(%c4, %odd) : (i32, i32) -> i32
  %r = "nv_tileas.while"(%c0) ({
  ^bb0(%i: i32):
    // expected-error@+2 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
    "nv_tileas.if"(%mask) ({
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
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
    %n = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    %more = "nv_tileas.cmpi"(%n, %lim) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %n) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "while_on_thread_id", num_threads = 128 : i32} : () -> ()


// The bound is loaded in every iteration (from another buffer): each thread may read another
// value.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i32, %h: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c95 = "nv_tileas.constant"() {value = 95 : i32} : () -> i32
  %c96 = "nv_tileas.constant"() {value = 96 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c95, %tid) : (i32, i32) -> i32
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %q = "nv_tileas.gep"(%g, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %mask = "nv_tileas.cmpi"(%tid, %c96) {predicate = "ult"} : (i32, i32) -> i1
  %go = "nv_tileas.cmpi"(%c, %c0) {predicate = "sgt"} : (i32, i32) -> i1
  %r = "nv_tileas.while"(%c0) ({
  ^bb0(%i: i32):
    // expected-error@+2 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
    "nv_tileas.if"(%mask) ({
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
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
    %n = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    %lim = "nv_tileas.ld"(%h) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %more = "nv_tileas.cmpi"(%n, %lim) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %n) : (i1, i32) -> ()
  }, {
  ^bb0(%j: i32):
    "nv_tileas.yield"(%j) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "while_on_loaded_value", num_threads = 128 : i32} : () -> ()

