// SYNC-MODEL §3.1: loop-p07-round-counter.mlir with one piece of the protocol removed or broken.
// Where the counter is still recognized, the finding names the concrete CTAs of the race; where
// the flag is no longer a round counter, its spins synchronize with nothing in a kernel that
// states grid_dims (the strict model: the checker does not follow that flag's values).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// No barrier between the data stores and the elected release: only thread 0's store is
// published.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ok: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %cn = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %cs = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%k: i32, %acc: i32):
    %kn = "nv_tileas.muli"(%k, %cn) : (i32, i32) -> i32
    %i = "nv_tileas.addi"(%kn, %bid) : (i32, i32) -> i32
    %im1 = "nv_tileas.subi"(%i, %c1) : (i32, i32) -> i32
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %wait = "nv_tileas.cmpi"(%f, %i) {predicate = "slt"} : (i32, i32) -> i1
        "nv_tileas.yield"(%wait) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %ps = "nv_tileas.andi"(%im1, %cs) : (i32, i32) -> i32
    %pbase = "nv_tileas.muli"(%ps, %c128) : (i32, i32) -> i32
    %pidx = "nv_tileas.addi"(%pbase, %tid) : (i32, i32) -> i32
    %src = "nv_tileas.gep"(%data, %pidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA (CTA 0 to CTA 1) with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (in the same iteration of the loop)}}
    %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    %s = "nv_tileas.andi"(%i, %cs) : (i32, i32) -> i32
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%data, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA (CTA 1 to CTA 0) with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (from iteration i of the loop to iteration i+1)}}
    "nv_tileas.st"(%dst, %i) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    %next = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    "nv_tileas.elect"() ({
      "nv_tileas.st"(%flag, %next) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %obase = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %oidx = "nv_tileas.addi"(%obase, %tid) : (i32, i32) -> i32
  %out = "nv_tileas.gep"(%ok, %oidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%out, %count) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "no_barrier_before_publish", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// Off by one: round i waits for flag >= i-1, its own CTA's previous round, not the other CTA's.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ok: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %cn = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %cs = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%k: i32, %acc: i32):
    %kn = "nv_tileas.muli"(%k, %cn) : (i32, i32) -> i32
    %i = "nv_tileas.addi"(%kn, %bid) : (i32, i32) -> i32
    %im1 = "nv_tileas.subi"(%i, %c1) : (i32, i32) -> i32
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %wait = "nv_tileas.cmpi"(%f, %im1) {predicate = "slt"} : (i32, i32) -> i1
        "nv_tileas.yield"(%wait) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %ps = "nv_tileas.andi"(%im1, %cs) : (i32, i32) -> i32
    %pbase = "nv_tileas.muli"(%ps, %c128) : (i32, i32) -> i32
    %pidx = "nv_tileas.addi"(%pbase, %tid) : (i32, i32) -> i32
    %src = "nv_tileas.gep"(%data, %pidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (in the same iteration of the loop)}}
    %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    %s = "nv_tileas.andi"(%i, %cs) : (i32, i32) -> i32
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%data, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (from iteration i of the loop to iteration i+1)}}
    "nv_tileas.st"(%dst, %i) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %next = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    "nv_tileas.elect"() ({
      "nv_tileas.st"(%flag, %next) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %obase = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %oidx = "nv_tileas.addi"(%obase, %tid) : (i32, i32) -> i32
  %out = "nv_tileas.gep"(%ok, %oidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%out, %count) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "spin_waits_for_its_own_round", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// grid_dims = [3, 1, 1] with turns for two CTAs (i = 2k + bid): CTAs 0 and 2 play the same rounds.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ok: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %cn = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %cs = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%k: i32, %acc: i32):
    %kn = "nv_tileas.muli"(%k, %cn) : (i32, i32) -> i32
    %i = "nv_tileas.addi"(%kn, %bid) : (i32, i32) -> i32
    %im1 = "nv_tileas.subi"(%i, %c1) : (i32, i32) -> i32
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %wait = "nv_tileas.cmpi"(%f, %i) {predicate = "slt"} : (i32, i32) -> i1
        "nv_tileas.yield"(%wait) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %ps = "nv_tileas.andi"(%im1, %cs) : (i32, i32) -> i32
    %pbase = "nv_tileas.muli"(%ps, %c128) : (i32, i32) -> i32
    %pidx = "nv_tileas.addi"(%pbase, %tid) : (i32, i32) -> i32
    %src = "nv_tileas.gep"(%data, %pidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (in the same iteration of the loop)}}
    %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    %s = "nv_tileas.andi"(%i, %cs) : (i32, i32) -> i32
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%data, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (from iteration i of the loop to iteration i+1)}}
    "nv_tileas.st"(%dst, %i) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %next = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    "nv_tileas.elect"() ({
      "nv_tileas.st"(%flag, %next) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %obase = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %oidx = "nv_tileas.addi"(%obase, %tid) : (i32, i32) -> i32
  %out = "nv_tileas.gep"(%ok, %oidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%out, %count) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "three_ctas_two_turns", num_threads = 128 : i32, grid_dims = array<i32: 3, 1, 1>} : () -> ()

// The elected spin is relaxed and no acquire fence follows it.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ok: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %cn = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %cs = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%k: i32, %acc: i32):
    %kn = "nv_tileas.muli"(%k, %cn) : (i32, i32) -> i32
    %i = "nv_tileas.addi"(%kn, %bid) : (i32, i32) -> i32
    %im1 = "nv_tileas.subi"(%i, %c1) : (i32, i32) -> i32
    "nv_tileas.elect"() ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %wait = "nv_tileas.cmpi"(%f, %i) {predicate = "slt"} : (i32, i32) -> i1
        "nv_tileas.yield"(%wait) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %ps = "nv_tileas.andi"(%im1, %cs) : (i32, i32) -> i32
    %pbase = "nv_tileas.muli"(%ps, %c128) : (i32, i32) -> i32
    %pidx = "nv_tileas.addi"(%pbase, %tid) : (i32, i32) -> i32
    %src = "nv_tileas.gep"(%data, %pidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (in the same iteration of the loop)}}
    %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    %s = "nv_tileas.andi"(%i, %cs) : (i32, i32) -> i32
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%data, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md) (from iteration i of the loop to iteration i+1)}}
    "nv_tileas.st"(%dst, %i) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %next = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    "nv_tileas.elect"() ({
      "nv_tileas.st"(%flag, %next) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %obase = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %oidx = "nv_tileas.addi"(%obase, %tid) : (i32, i32) -> i32
  %out = "nv_tileas.gep"(%ok, %oidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%out, %count) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "relaxed_spin_no_fence", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()
