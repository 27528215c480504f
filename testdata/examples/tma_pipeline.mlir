// Loop example 6 (issue 13): a TMA -> consumer pipeline ring, the GEMM mainloop shape, with
// per-stage full and empty mbarriers and warp specialization (SYNC-MODEL §6 P11 + P2 in a loop,
// §3.1), in the conservative form. Every CTA works alone (132 of them: one per SM of an H100).
//
// 160 threads: warp 0 is the producer (one elected thread issues the copies), warps 1..4 (128
// threads, consumer thread c = tid - 32) consume. A 4-stage ring of 512 bytes (128 i32) per stage
// in shared memory; full[s] (count 1: the producer's arrive.expect_tx, plus the copy's 512
// transaction bytes) and empty[s] (count 128: every consumer). The source is 64 tiles of 128 i32
// in global memory; round i = 0..n-1 moves tile (i + bid) & 63 through stage s = i mod 4, phase
// t = i / 4 of its barriers.
//   producer (thread 0), round i: wait empty[s] (parity (t & 1) ^ 1: the consumers released
//     round i-4; in turn 0 the wait on parity 1 of a fresh barrier returns at once), arm full[s]
//     (arrive.expect_tx 512), issue bulk_copy_g2s into stage s completing on full[s];
//   consumer c, round i: wait full[s] (parity t & 1), read element c of stage s and compare it
//     with ((i + bid) & 63) * 128 + c, counting the matches, arrive on empty[s].
// After the loop each consumer stores its count to ok[bid*128 + c] (the spec expects n: every
// value of every round checked).
//
// Handoffs (per round and CTA):
//   RAW  the copy's async-proxy write of stage s -> 128 consumers' generic reads, through the
//        copy's complete_tx on full[s] and the consumers' wait
//   WAR  the consumers' generic reads of stage s in round i -> the async-proxy write of the copy of
//        round i+4, through the arrivals on empty[s] and the producer's wait
// Conservative form (this file): relaxed waits followed by `fence.acq_rel.cta` (consumers also
// `fence_proxy_async`, all state spaces: MEMBAR.ALL.GPU + FENCE.VIEW.ASYNC.S), relaxed empty
// arrivals preceded by `fence.acq_rel.cta`, and a `fence_proxy_async` before each copy.
// Optimal form (the CUTLASS mainloop, plus one proxy fence): `mbarrier.try_wait.parity` at its
// default acquire.cta on both barriers, `mbarrier.arrive` at its default release.cta on empty[s]
// (no MEMBAR: probe), and in the producer a `fence.proxy.async.shared::cta` before each copy (the
// PTX text asks for a proxy fence between accesses of one location through two proxies: the
// consumers' generic reads, then the copy's async write). CUTLASS leaves that fence out, which
// relies on more than the text says. async -> generic through complete_tx needs none.
// Run spec: tma_pipeline.run.toml; reference: tools/bench-sync/tma_pipeline.cu.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %ok: !nv_tileas.ptr<global>, %n: i32):
  %ring = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %full = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %empty = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c2 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %c3 = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c32 = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %c63 = "nv_tileas.constant"() {value = 63 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %c4, %c1) ({
    ^bb0(%j: i32):
      %fj = "nv_tileas.gep"(%full, %j) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %ej = "nv_tileas.gep"(%empty, %j) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%fj, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.mbarrier_init"(%ej, %c128) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Producer: warp 0, one thread.
  "nv_tileas.warp_role"() ({
    "nv_tileas.elect"() ({
      "nv_tileas.for"(%c0, %n, %c1) ({
      ^bb0(%i: i32):
        %s = "nv_tileas.andi"(%i, %c3) : (i32, i32) -> i32
        %t = "nv_tileas.shrui"(%i, %c2) : (i32, i32) -> i32
        %ph = "nv_tileas.andi"(%t, %c1) : (i32, i32) -> i32
        %eph = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
        %fb = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
        %eb = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
        "nv_tileas.mbarrier_wait"(%eb, %eph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
        "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
        "nv_tileas.fence_proxy_async"() : () -> ()
        %dst = "nv_tileas.gep"(%ring, %s) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
        %ti = "nv_tileas.addi"(%i, %bid) : (i32, i32) -> i32
        %tile = "nv_tileas.andi"(%ti, %c63) : (i32, i32) -> i32
        %src = "nv_tileas.gep"(%in, %tile) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
        "nv_tileas.mbarrier_arrive"(%fb) {tx_bytes = 512 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
        "nv_tileas.bulk_copy_g2s"(%dst, %src, %fb) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : (i32, i32, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  // Consumers: warps 1..4.
  "nv_tileas.warp_role"() ({
    %c = "nv_tileas.subi"(%tid, %c32) : (i32, i32) -> i32
    %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %s = "nv_tileas.andi"(%i, %c3) : (i32, i32) -> i32
      %t = "nv_tileas.shrui"(%i, %c2) : (i32, i32) -> i32
      %ph = "nv_tileas.andi"(%t, %c1) : (i32, i32) -> i32
      %fb = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %eb = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_wait"(%fb, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.fence_proxy_async"() : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
      %sidx = "nv_tileas.addi"(%sbase, %c) : (i32, i32) -> i32
      %slot = "nv_tileas.gep"(%ring, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
      %ti = "nv_tileas.addi"(%i, %bid) : (i32, i32) -> i32
      %tile = "nv_tileas.andi"(%ti, %c63) : (i32, i32) -> i32
      %tbase = "nv_tileas.muli"(%tile, %c128) : (i32, i32) -> i32
      %want = "nv_tileas.addi"(%tbase, %c) : (i32, i32) -> i32
      %good = "nv_tileas.cmpi"(%x, %want) {predicate = "eq"} : (i32, i32) -> i1
      %inc = "nv_tileas.select"(%good, %c1, %c0) : (i1, i32, i32) -> i32
      %acc2 = "nv_tileas.addi"(%acc, %inc) : (i32, i32) -> i32
      "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
      "nv_tileas.mbarrier_arrive"(%eb) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %obase = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
    %oidx = "nv_tileas.addi"(%obase, %c) : (i32, i32) -> i32
    %out = "nv_tileas.gep"(%ok, %oidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%out, %count) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "tma_pipeline", num_threads = 160 : i32} : () -> ()
