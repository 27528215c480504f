// SYNC-MODEL.md §6 P7, broken variants of p07-gmem-flag.mlir's kernels, each rejected at the
// producer access (CTA 0's store of data[tid]; for the counter, the atomic itself).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P7 broken (check 1): the writers' barrier before the elected release is removed; the release
// of thread 0 orders only its own store, the other 127 threads' stores reach no execution edge.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    %p = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.addi"(%tid, %c1) : (i32, i32) -> i32
    // expected-error@+1 {{check 1}}
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.elect"() ({
      %old = "nv_tileas.atom"(%flag, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
        "nv_tileas.yield"(%unset) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %q = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_no_writer_barrier", num_threads = 128 : i32} : () -> ()

// P7 broken (check 1): the consumer's fence.acquire.gpu after the relaxed spin is removed; the
// flag edge has no memory order on the consumer side.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    %p = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.addi"(%tid, %c1) : (i32, i32) -> i32
    // expected-error@+1 {{check 1}}
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %old = "nv_tileas.atom"(%flag, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
        "nv_tileas.yield"(%unset) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %q = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_no_acquire_fence", num_threads = 128 : i32} : () -> ()

// P7 broken (check 2): the consumer's fence after the relaxed spin is fence.acquire.cta; the
// producer is another CTA, outside that scope.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    %p = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.addi"(%tid, %c1) : (i32, i32) -> i32
    // expected-error@+1 {{check 2}}
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %old = "nv_tileas.atom"(%flag, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
        "nv_tileas.yield"(%unset) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %q = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_acquire_fence_cta", num_threads = 128 : i32} : () -> ()

// P7 broken (check 1): the consumer's barrier after the elected spin is removed; only the
// elected thread waited for the flag, the other threads read data[tid] at once.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    %p = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.addi"(%tid, %c1) : (i32, i32) -> i32
    // expected-error@+1 {{check 1}}
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %old = "nv_tileas.atom"(%flag, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
        "nv_tileas.yield"(%unset) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    %q = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_no_reader_barrier", num_threads = 128 : i32} : () -> ()

// P7 broken (check 1): the flag atom is weakened to relaxed with no release fence; the flag edge
// has no memory order on the producer side.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    %p = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.addi"(%tid, %c1) : (i32, i32) -> i32
    // expected-error@+1 {{check 1}}
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %old = "nv_tileas.atom"(%flag, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
        "nv_tileas.yield"(%unset) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %q = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_relaxed_flag_atom", num_threads = 128 : i32} : () -> ()

// P7 broken (check 2): the release is moved into a fence.release.cta before a relaxed gpu flag
// atom; the release side's scope does not contain the consumer CTAs.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    %p = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.addi"(%tid, %c1) : (i32, i32) -> i32
    // expected-error@+1 {{check 2}}
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : () -> ()
      %old = "nv_tileas.atom"(%flag, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
        "nv_tileas.yield"(%unset) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %q = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_release_fence_cta", num_threads = 128 : i32} : () -> ()

// P7 broken (check 2), seed case (a): the ticket counter of p07-gmem-flag.mlir with a cta-scope
// atomic. Every CTA updates the same global counter (its index does not depend on block_id), so
// cta scope is too narrow. verify-mem-legality also warns on every cta-scope atomic on global
// memory (the warning is expected too).
"nv_tileas.kernel"() ({
^bb0(%counter: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
    // expected-warning@+2 {{'atom' with scope 'cta' on global memory}}
    // expected-error@+1 {{check 2}}
    %ticket = "nv_tileas.atom"(%counter, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<global>, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %ticket) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_ticket_counter_cta", num_threads = 128 : i32} : () -> ()
