// The ping-pong of loop-p07-round-counter.mlir without grid_dims. Without the launch contract the
// flag is not a round counter (any number of CTAs could take the same turns), and a flag released
// in a loop whose values the checker does not follow synchronizes with nothing: the kernel is
// rejected (conservatively: with two CTAs it is correct, and stating grid_dims = [2, 1, 1] makes
// it verify). Taking the flag's releases of every round as edges to the spins of every round
// would let a spin for another round's value "synchronize" the data, so races such as an
// off-by-one spin threshold would go unseen.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

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
}) {sym_name = "pingpong_no_grid", num_threads = 128 : i32} : () -> ()
