// A spin whose acquire the threads may skip orders nothing after its branch (verify-races,
// docs/verify-races.md "Paths"): cuTile masks an atomic on `lock[0]` with the bounds check
// `0 < len(lock)`, and with an empty array the masked atomic yields 0, so the spin exits without
// acquiring and every CTA enters the critical section. Each kernel is the 128-thread lowering of
// a CAS lock around a read-modify-write of `total[0]`: the elected thread spins with
// `atom.acquire.gpu` (its result broadcast through shared memory between barriers), the
// critical section follows, then a barrier and an elected `st.release.gpu` of the lock.
// - @unmasked: the atomic always runs: the path release → spin acquire → barrier orders the
//   critical sections of two CTAs.
// - @thread_split: the atomic under `if (thread_id.x < 1)`, a split of the threads (the elected
//   thread 0 takes it), not a condition it may skip: accepted.
// - @masked: the atomic under `if (0 < n)`: rejected (the path's acquire side is skipped where
//   the branch is not taken).
// - @never: under `if false`: rejected.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%total: !nv_tileas.ptr<global>, %lock: !nv_tileas.ptr<global>, %n: i32, %vals: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %vp = "nv_tileas.gep"(%vals, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %g = "nv_tileas.cmpi"(%c0, %n) {predicate = "ult"} : (i32, i32) -> i1
  "nv_tileas.while"() ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %o = "nv_tileas.atom"(%lock, %c0, %c1) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32, i32) -> i32
      "nv_tileas.st"(%slot, %o) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %o2 = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %w = "nv_tileas.cmpi"(%o2, %c0) {predicate = "ne"} : (i32, i32) -> i1
    "nv_tileas.yield"(%w) : (i1) -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.elect"() ({
    %a = "nv_tileas.ld"(%total) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %v = "nv_tileas.ld"(%vp) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %a1 = "nv_tileas.addi"(%a, %v) : (i32, i32) -> i32
    "nv_tileas.st"(%total, %a1) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%lock, %c0) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "unmasked", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%total: !nv_tileas.ptr<global>, %lock: !nv_tileas.ptr<global>, %n: i32, %vals: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %vp = "nv_tileas.gep"(%vals, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %g = "nv_tileas.cmpi"(%tid, %c1) {predicate = "ult"} : (i32, i32) -> i1
  "nv_tileas.while"() ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %o = "nv_tileas.if"(%g) ({
          %x = "nv_tileas.atom"(%lock, %c0, %c1) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32, i32) -> i32
          "nv_tileas.yield"(%x) : (i32) -> ()
        }, {
          "nv_tileas.yield"(%c0) : (i32) -> ()
        }) : (i1) -> i32
      "nv_tileas.st"(%slot, %o) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %o2 = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %w = "nv_tileas.cmpi"(%o2, %c0) {predicate = "ne"} : (i32, i32) -> i1
    "nv_tileas.yield"(%w) : (i1) -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.elect"() ({
    %a = "nv_tileas.ld"(%total) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %v = "nv_tileas.ld"(%vp) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %a1 = "nv_tileas.addi"(%a, %v) : (i32, i32) -> i32
    "nv_tileas.st"(%total, %a1) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%lock, %c0) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "thread_split", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%total: !nv_tileas.ptr<global>, %lock: !nv_tileas.ptr<global>, %n: i32, %vals: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %vp = "nv_tileas.gep"(%vals, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %g = "nv_tileas.cmpi"(%c0, %n) {predicate = "ult"} : (i32, i32) -> i1
  "nv_tileas.while"() ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %o = "nv_tileas.if"(%g) ({
          %x = "nv_tileas.atom"(%lock, %c0, %c1) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32, i32) -> i32
          "nv_tileas.yield"(%x) : (i32) -> ()
        }, {
          "nv_tileas.yield"(%c0) : (i32) -> ()
        }) : (i1) -> i32
      "nv_tileas.st"(%slot, %o) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %o2 = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %w = "nv_tileas.cmpi"(%o2, %c0) {predicate = "ne"} : (i32, i32) -> i1
    "nv_tileas.yield"(%w) : (i1) -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.elect"() ({
    // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
    %a = "nv_tileas.ld"(%total) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %v = "nv_tileas.ld"(%vp) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %a1 = "nv_tileas.addi"(%a, %v) : (i32, i32) -> i32
    "nv_tileas.st"(%total, %a1) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%lock, %c0) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "masked", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%total: !nv_tileas.ptr<global>, %lock: !nv_tileas.ptr<global>, %n: i32, %vals: !nv_tileas.ptr<global>):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %vp = "nv_tileas.gep"(%vals, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %g = "nv_tileas.constant"() {value = 0 : i1} : () -> i1
  "nv_tileas.while"() ({
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      %o = "nv_tileas.if"(%g) ({
          %x = "nv_tileas.atom"(%lock, %c0, %c1) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32, i32) -> i32
          "nv_tileas.yield"(%x) : (i32) -> ()
        }, {
          "nv_tileas.yield"(%c0) : (i32) -> ()
        }) : (i1) -> i32
      "nv_tileas.st"(%slot, %o) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %o2 = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %w = "nv_tileas.cmpi"(%o2, %c0) {predicate = "ne"} : (i32, i32) -> i1
    "nv_tileas.yield"(%w) : (i1) -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.elect"() ({
    // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
    %a = "nv_tileas.ld"(%total) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %v = "nv_tileas.ld"(%vp) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %a1 = "nv_tileas.addi"(%a, %v) : (i32, i32) -> i32
    "nv_tileas.st"(%total, %a1) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%lock, %c0) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "never", num_threads = 128 : i32} : () -> ()
