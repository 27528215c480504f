// SYNC-MODEL §3.1 / §6 P7 in a loop, followed by value: a round counter. The CTAs of a grid of
// G (grid_dims = [G, 1, 1], the launch contract) take turns: CTA b plays rounds i = G*k + b. In
// round i every thread waits until flag >= i (round i-1 is published), reads slot (i-1) & 1 of
// data (written by round i-1), writes slot i & 1, and after a CTA barrier one elected thread
// publishes flag = i+1 with st.release.gpu. verify-races recognizes the counter (one release
// writing v(k, b) = G*k + b + 1, spins waiting for v - 1 before it in the same round) and follows
// each spin to the one write it can exit on: round i-1's, in CTA (i-1) mod G. Each handoff is
// checked for every pair of concrete CTAs (docs/verify-races.md, "Round counters").
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// The conservative form (testdata/examples/flag_pingpong.mlir): every thread spins with
// ld.acquire.gpu, then fence.sc.gpu and a barrier.
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
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      %wait = "nv_tileas.cmpi"(%f, %i) {predicate = "slt"} : (i32, i32) -> i1
      "nv_tileas.yield"(%wait) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %ps = "nv_tileas.andi"(%im1, %cs) : (i32, i32) -> i32
    %pbase = "nv_tileas.muli"(%ps, %c128) : (i32, i32) -> i32
    %pidx = "nv_tileas.addi"(%pbase, %tid) : (i32, i32) -> i32
    %src = "nv_tileas.gep"(%data, %pidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    %s = "nv_tileas.andi"(%i, %cs) : (i32, i32) -> i32
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%data, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
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
}) {sym_name = "pingpong_conservative", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// P7's best form: one elected thread spins with relaxed loads, then fence.acquire.gpu, then the
// barrier (what weakest-fence makes of the conservative form).
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
    %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    %s = "nv_tileas.andi"(%i, %cs) : (i32, i32) -> i32
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%data, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
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
}) {sym_name = "pingpong_elected", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()

// Three CTAs round-robin (i = 3k + bid): round i's spin reads round i-1's write, made by CTA
// (i-1) mod 3.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ok: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %cn = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
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
    %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    %s = "nv_tileas.andi"(%i, %cs) : (i32, i32) -> i32
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%data, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
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
}) {sym_name = "round_robin_three_ctas", num_threads = 128 : i32, grid_dims = array<i32: 3, 1, 1>} : () -> ()
