// SYNC-MODEL §3.1 / §6 P7 in a loop: a global-memory ping-pong between two CTAs, one flag value
// per round (flag and ack are 0 at launch). CTA 0 (the producer) overwrites data[tid] in every
// round i, so it first waits for CTA 1's ack of round i-1 (ack >= i: the write after read), then
// writes with every thread, `barrier`, and an elected st.release.gpu flag = i+1. CTA 1 spins with
// an elected relaxed load until flag >= i+1, fence.acquire.gpu, `barrier`, reads data[tid],
// `barrier` (every reader is done) and acks with an elected st.release.gpu ack = i+1. The spinning
// loops are `while` ops in the `for` over the rounds (%iters rounds). `grid_dims = [2, 1, 1]`
// makes `flag` and `ack` rising flags (docs/verify-races.md): each written by one thread of the
// grid with values i+1, so a spin of round i synchronizes with the write of the round it waits
// for (verify-races follows the values per pair of CTAs).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P7 SOL per round: elected relaxed spins + fence.acquire.gpu + barrier; barrier + elected release.
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
}) {sym_name = "p7_rounds", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// The spins with ld.acquire.gpu instead of relaxed loads + fence.acquire.gpu.
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
          %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
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
          %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
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
}) {sym_name = "p7_rounds_acquire_spins", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()
