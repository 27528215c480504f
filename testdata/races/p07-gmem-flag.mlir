// SYNC-MODEL.md §6 P7: a global-memory handoff between CTAs through a flag (the megakernel
// handoff). CTA 0 writes data[tid] with every thread and publishes it by bumping a flag; every
// other CTA waits for the flag and reads data[tid]. SOL: writers `barrier`, then one elected
// thread `atom.release.gpu`; the consumer's elected thread spins with relaxed gpu loads, then
// `fence.acquire.gpu`, then `barrier` (cumulativity carries the other writers' stores). Conservative:
// every consumer thread spins with `ld.acquire.gpu`, then `fence.sc.gpu` (and the producer adds a
// `fence.sc.gpu` before its release).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P7 SOL.
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
}) {sym_name = "p7_sol", num_threads = 128 : i32} : () -> ()

// P7 conservative: every consumer thread spins with ld.acquire.gpu, then fence.sc.gpu; the
// producer's elected thread issues fence.sc.gpu before its release atom.
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
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
      %old = "nv_tileas.atom"(%flag, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
      "nv_tileas.yield"(%unset) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
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
}) {sym_name = "p7_conservative", num_threads = 128 : i32} : () -> ()

// A global counter shared by every CTA (a ticket dispenser): one elected thread per CTA takes a
// ticket with a relaxed gpu-scope atomic add and records it in out[bid]. Atomicity is all it
// needs; gpu scope contains every CTA (the cta-scope form is seed case (a) in
// p07-gmem-flag-broken.mlir).
"nv_tileas.kernel"() ({
^bb0(%counter: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
    %ticket = "nv_tileas.atom"(%counter, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %ticket) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p7_ticket_counter_gpu", num_threads = 128 : i32} : () -> ()
