// SYNC-MODEL §3.1: loop-p07-flag-rounds.mlir with one piece of the protocol removed or weakened;
// verify-races rejects each kernel, naming the rounds (iterations) and CTAs of the racing
// accesses. `flag` and `ack` are rising flags (docs/verify-races.md): one writer thread each,
// values i+1; a spin of round i synchronizes with the first write its threshold lets it exit on.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// The producer does not wait for the ack: its write of round i+1 races with the read of round i.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %pd = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  // CTA 0, the producer: round i waits for the consumer's ack of round i-1 (ack >= i), then
  // overwrites data and publishes flag = i+1.
  "nv_tileas.if"(%is0) ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.st"(%pd, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    // CTA 1, the consumer: round i waits for flag >= i+1, reads data, acks with ack = i+1.
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%early) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA (CTA 1 to CTA 0) with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (from iteration i of the loop to iteration i+1)}}
      %x = "nv_tileas.ld"(%pd) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_rounds_no_ack_wait", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// The producer's relaxed ack spin is not followed by an acquire fence.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %pd = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  // CTA 0, the producer: round i waits for the consumer's ack of round i-1 (ack >= i), then
  // overwrites data and publishes flag = i+1.
  "nv_tileas.if"(%is0) ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%behind) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.st"(%pd, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    // CTA 1, the consumer: round i waits for flag >= i+1, reads data, acks with ack = i+1.
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%early) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA (CTA 1 to CTA 0) through an execution edge that orders no memory: the acquire side 'ld' is relaxed and no acquire fence follows it (from iteration i of the loop to iteration i+1)}}
      %x = "nv_tileas.ld"(%pd) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_rounds_no_ack_fence", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// The producer's acquire fence after the ack spin has cta scope; the ack comes from another CTA.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %pd = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  // CTA 0, the producer: round i waits for the consumer's ack of round i-1 (ack >= i), then
  // overwrites data and publishes flag = i+1.
  "nv_tileas.if"(%is0) ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%behind) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.st"(%pd, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    // CTA 1, the consumer: round i waits for flag >= i+1, reads data, acks with ack = i+1.
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%early) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 2 (scope too narrow): the read by 'ld' is overwritten by 'st' of a thread of another CTA (CTA 1 to CTA 0): the acquire side after 'ld' has scope 'cta' (needs 'gpu') (from iteration i of the loop to iteration i+1)}}
      %x = "nv_tileas.ld"(%pd) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_rounds_ack_fence_cta", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// The consumer's ack is a relaxed store with no fence: it does not order the reads before it.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %pd = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  // CTA 0, the producer: round i waits for the consumer's ack of round i-1 (ack >= i), then
  // overwrites data and publishes flag = i+1.
  "nv_tileas.if"(%is0) ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%behind) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.st"(%pd, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    // CTA 1, the consumer: round i waits for flag >= i+1, reads data, acks with ack = i+1.
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%early) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA (CTA 1 to CTA 0) through an execution edge that orders no memory: the release side 'st' is relaxed and no release fence precedes it (from iteration i of the loop to iteration i+1)}}
      %x = "nv_tileas.ld"(%pd) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_rounds_relaxed_ack", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// The consumer's relaxed flag spin is not followed by an acquire fence: the write and the read of
// the same round race.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %pd = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  // CTA 0, the producer: round i waits for the consumer's ack of round i-1 (ack >= i), then
  // overwrites data and publishes flag = i+1.
  "nv_tileas.if"(%is0) ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%behind) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA (CTA 0 to CTA 1) through an execution edge that orders no memory: the acquire side 'ld' is relaxed and no acquire fence follows it (in the same iteration of the loop)}}
      "nv_tileas.st"(%pd, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    // CTA 1, the consumer: round i waits for flag >= i+1, reads data, acks with ack = i+1.
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%early) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %x = "nv_tileas.ld"(%pd) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_rounds_no_flag_fence", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// The producer's flag store is relaxed: the write and the read of the same round race.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %pd = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  // CTA 0, the producer: round i waits for the consumer's ack of round i-1 (ack >= i), then
  // overwrites data and publishes flag = i+1.
  "nv_tileas.if"(%is0) ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%behind) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA (CTA 0 to CTA 1) through an execution edge that orders no memory: the release side 'st' is relaxed and no release fence precedes it (in the same iteration of the loop)}}
      "nv_tileas.st"(%pd, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    // CTA 1, the consumer: round i waits for flag >= i+1, reads data, acks with ack = i+1.
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%early) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %x = "nv_tileas.ld"(%pd) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_rounds_relaxed_flag", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// Rising flag, off by one: the consumer of round i spins until flag >= i, the value of round
// i-1, so its read of round i races with the producer's write of round i.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %pd = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%behind) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA (CTA 0 to CTA 1) with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (in the same iteration of the loop)}}
      "nv_tileas.st"(%pd, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %early = "nv_tileas.cmpi"(%f, %i) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%early) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %x = "nv_tileas.ld"(%pd) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_rounds_spin_off_by_one", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// Without grid_dims the checker cannot know that one CTA writes each flag (the `else` arm is
// every CTA but 0, and all of them ack): the flags' values are not followed, and a flag released
// in a loop synchronizes with nothing.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %pd = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%behind) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (in the same iteration of the loop)}}
      "nv_tileas.st"(%pd, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%early) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (from iteration i of the loop to iteration i+1)}}
      %x = "nv_tileas.ld"(%pd) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_rounds_no_grid_dims", num_threads = 128 : i32} : () -> ()

// Three CTAs: CTAs 1 and 2 both ack, so the producer may go on after one ack and overwrite
// data that the other consumer has not read yet. The ack has two writers: not a rising flag.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %pd = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%behind) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.st"(%pd, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%early) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA (CTA 1 to CTA 0) with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (from iteration i of the loop to iteration i+1)}}
      %x = "nv_tileas.ld"(%pd) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_rounds_three_ctas", num_threads = 128 : i32, grid_dims = array<i32: 3, 1, 1>} : () -> ()

// The producer stores the flag twice per round: two writes of the flag, so it is no rising flag
// and its releases in the loop synchronize with nothing. (Found by tools/tests/mutants.rs: the
// checker took the second store for a spin and panicked.)
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %pd = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%behind) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %src = "nv_tileas.gep"(%row, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA (CTA 0 to CTA 1) with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (in the same iteration of the loop)}}
      "nv_tileas.st"(%pd, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.while"() ({
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
          %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "ult"} : (i32, i32) -> i1
          "nv_tileas.yield"(%early) : (i1) -> ()
        }, {
          "nv_tileas.yield"() : () -> ()
        }) : () -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %x = "nv_tileas.ld"(%pd) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_rounds_flag_written_twice", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()
