// A producer CTA and a consumer CTA hand a buffer over round by round through two flags in global
// memory (SYNC-MODEL §6 P7 in a loop, §3.1): the two-flag form of the megakernel handoff, where one
// CTA only produces and the other only consumes, in the conservative form.
//
// Launch: grid = 2, 128 threads per CTA (`grid_dims = [2, 1, 1]` states it: the launch contract
// verify-races relies on to follow the flags' values); both CTAs must be resident at once. `flag`
// and `ack` are 0 at launch. CTA 0 produces rounds i = 0..n-1 into `data` (128 i32), CTA 1
// consumes them:
//   CTA 0, round i: every thread spins until ack >= i (the consumer is done with round i-1) with
//     `ld.acquire.gpu`, `fence.sc.gpu`, `barrier`; stores v(i, tid) = i*128 + tid into data[tid];
//     `barrier`; one elected thread publishes with `st.release.gpu` flag = i+1.
//   CTA 1, round i: every thread spins until flag >= i+1 with `ld.acquire.gpu`, `fence.sc.gpu`,
//     `barrier`; reads data[tid] and counts it when it equals v(i, tid); `barrier`; one elected
//     thread acknowledges with `st.release.gpu` ack = i+1.
// After the loop each consumer thread stores its count to ok[tid] (the spec expects n).
//
// Handoffs (128 per round):
//   RAW  the producer's st of round i -> the consumer's ld of round i: barrier + elected release
//        of flag = i+1 -> acquire spin for flag >= i+1 + barrier
//   WAR  the consumer's ld of round i -> the producer's st of round i+1: barrier + elected release
//        of ack = i+1 -> acquire spin for ack >= i+1 + barrier
// `flag` and `ack` are rising flags: each is written by one thread of the grid with values that
// grow by one per round, so verify-races follows them by value (docs/verify-races.md, "Rising
// flags") and the loops are modeled. Optimal form (P7): elected relaxed spins + `fence.acquire.gpu`
// + `barrier`; barrier + elected `st.release.gpu`. weakest-fence derives it: R9 elects the spins,
// and R12 drops the `fence.sc.gpu` (every strong access is a followed flag's write or spin, so no
// store-buffering outcome changes what the kernel does).
// Run spec: flag_rounds.run.toml.
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %ok: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    // CTA 0, the producer.
    "nv_tileas.for"(%c0, %n, %c1) ({
    ^bb0(%i: i32):
      "nv_tileas.while"() ({
        %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "slt"} : (i32, i32) -> i1
        "nv_tileas.yield"(%behind) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %vbase = "nv_tileas.muli"(%i, %c128) : (i32, i32) -> i32
      %v = "nv_tileas.addi"(%vbase, %tid) : (i32, i32) -> i32
      "nv_tileas.st"(%slot, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    // CTA 1, the consumer.
    %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "slt"} : (i32, i32) -> i1
        "nv_tileas.yield"(%early) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %x = "nv_tileas.ld"(%slot) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      %wbase = "nv_tileas.muli"(%i, %c128) : (i32, i32) -> i32
      %want = "nv_tileas.addi"(%wbase, %tid) : (i32, i32) -> i32
      %good = "nv_tileas.cmpi"(%x, %want) {predicate = "eq"} : (i32, i32) -> i1
      %inc = "nv_tileas.select"(%good, %c1, %c0) : (i1, i32, i32) -> i32
      %acc2 = "nv_tileas.addi"(%acc, %inc) : (i32, i32) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %out = "nv_tileas.gep"(%ok, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%out, %count) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "flag_rounds", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()
