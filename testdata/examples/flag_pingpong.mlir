// Loop example 5 (issue 13): a flag ping-pong between 2 CTAs through global memory, the
// megakernel handoff in a loop (SYNC-MODEL §6 P7, §3.1), in the conservative form.
//
// Launch: grid = 2, 128 threads per CTA (`grid_dims = [2, 1, 1]` states it: the launch contract
// verify-races relies on to follow the flag's values); both CTAs must be resident at once (they
// wait on each other; on an idle GPU with 132 SMs they are). Rounds alternate between the CTAs: CTA b plays
// rounds i = 2k + b, k = 0..n-1, so there are 2n rounds in all. `flag` counts the published
// rounds; round i's 128 values go to slot i & 1 of `data` (2 slots of 128 i32). In its round i
// every thread of CTA b
//   1. spins until flag >= i (round i-1 is published), with `ld.acquire.gpu` in every thread;
//   2. `fence.sc.gpu`, then a CTA `barrier`;
//   3. reads its element of slot (i-1) & 1 and compares it with v(i-1, tid) = (i-1)*128 + tid,
//      counting the matches (round -1, read by CTA 0 first, is the spec's initial contents);
//   4. stores v(i, tid) into slot i & 1;
//   5. a CTA `barrier`, then one elected thread publishes with `st.release.gpu` flag = i+1.
// After the loop each thread stores its count to ok[bid*128 + tid] (the spec expects n: every
// value of every round checked); the data of the last round, which nobody reads, and the flag
// (2n) are checked by the spec.
//
// Handoffs (128 per round):
//   RAW  the producer CTA's st of slot i & 1 (4) -> the other CTA's ld of it in round i+1 (3),
//        through barrier + elected release store of the flag -> acquire spin + fence + barrier
//   WAR  the ld of slot s in round i (3) -> the other CTA's st of slot s in round i+1 (4): the
//        reader's next release (its own round's barrier + flag store) orders its reads before the
//        writer's acquire of that flag value
// Conservative form (this file): every thread spins with `ld.acquire.gpu` (CCTL.IVALL each poll),
// then `fence.sc.gpu` (MEMBAR.SC.GPU) before the barrier.
// Optimal form (P7): the elected thread spins with `ld.relaxed.gpu`, then `fence.acquire.gpu`
// (CCTL.IVALL once), then the barrier; the publishing side stays barrier + elected
// `st.release.gpu` (MEMBAR.ALL.GPU: global data between CTAs needs gpu scope). weakest-fence
// derives it: `flag` is a round counter (round i writes i+1 after spinning for i), which
// verify-races follows by value (docs/verify-races.md, "Round counters"), so R9 applies in the
// loop, and the fence.sc goes (R12: the flag is the kernel's only strong location, so no
// store-buffering shape needs the sc order; the elected acquire fence covers its handoffs).
// Run spec: flag_pingpong.run.toml; reference: tools/bench-sync/flag_pingpong.cu.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ok: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c2 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%k: i32, %acc: i32):
    %k2 = "nv_tileas.muli"(%k, %c2) : (i32, i32) -> i32
    %i = "nv_tileas.addi"(%k2, %bid) : (i32, i32) -> i32
    // 1-2: wait for round i-1.
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      %wait = "nv_tileas.cmpi"(%f, %i) {predicate = "slt"} : (i32, i32) -> i1
      "nv_tileas.yield"(%wait) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    // 3: read round i-1.
    %prev = "nv_tileas.subi"(%i, %c1) : (i32, i32) -> i32
    %ps = "nv_tileas.andi"(%prev, %c1) : (i32, i32) -> i32
    %pbase = "nv_tileas.muli"(%ps, %c128) : (i32, i32) -> i32
    %pidx = "nv_tileas.addi"(%pbase, %tid) : (i32, i32) -> i32
    %src = "nv_tileas.gep"(%data, %pidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %wbase = "nv_tileas.muli"(%prev, %c128) : (i32, i32) -> i32
    %want = "nv_tileas.addi"(%wbase, %tid) : (i32, i32) -> i32
    %good = "nv_tileas.cmpi"(%x, %want) {predicate = "eq"} : (i32, i32) -> i1
    %inc = "nv_tileas.select"(%good, %c1, %c0) : (i1, i32, i32) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %inc) : (i32, i32) -> i32
    // 4-5: write round i and publish it.
    %s = "nv_tileas.andi"(%i, %c1) : (i32, i32) -> i32
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%data, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %vbase = "nv_tileas.muli"(%i, %c128) : (i32, i32) -> i32
    %v = "nv_tileas.addi"(%vbase, %tid) : (i32, i32) -> i32
    "nv_tileas.st"(%dst, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
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
}) {sym_name = "flag_pingpong", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()
