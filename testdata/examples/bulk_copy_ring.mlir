// Loop example 4 (issue 13): a bulk-copy (TMA) ring read by every thread of the CTA (SYNC-MODEL
// §6 P11 in a loop, §3.1), in the conservative form. Every CTA works alone (132 of them: one per
// SM of an H100); nothing is shared between CTAs.
//
// Each CTA owns a 4-slot ring of 512 bytes (128 i32) in shared memory and a `full` mbarrier per
// slot (count 1: the elected thread's arrive.expect_tx, plus the copy's 512 transaction bytes).
// The source is 64 tiles of 128 i32 in global memory; round i reads tile (i + bid) & 63 through
// slot s = i mod 4, waiting for phase t = i / 4 of full[s] (parity t & 1).
//   prologue: the elected thread arms full[0..3] (arrive.expect_tx 512) and issues the bulk
//     copies of rounds 0..3 (bulk_copy_g2s completing on full[s]); n >= 4.
//   round i: every thread waits full[s], reads its element of slot s and compares it with the
//     tile's value ((i + bid) & 63) * 128 + tid, counting the matches; a CTA `barrier` (all
//     128 threads have read slot s); then the elected thread re-arms full[s] and issues the copy
//     of round i+4 into slot s (when i + 4 < n).
// After the loop each thread stores its count to ok[bid*128 + tid] (the spec expects n: every
// value of every round checked).
//
// Handoffs (per round and CTA):
//   RAW  the bulk copy's async-proxy write of slot s -> the 128 generic reads, through the copy's
//        complete_tx on full[s] and the wait
//   WAR  the 128 generic reads of slot s in round i -> the async-proxy write of the copy of round
//        i+4 into slot s, through the `barrier` (and the elected thread's program order)
// Conservative form (this file): after the wait `fence_proxy_async` (all state spaces:
// MEMBAR.ALL.GPU + FENCE.VIEW.ASYNC.S) + `fence.acq_rel.cta`; before the barrier
// `fence.acq_rel.cta`; before each re-issued copy `fence_proxy_async` again (generic reads before
// an async write of the same bytes).
// Optimal form: on the RAW side the wait (`try_wait.parity`, acquire cta) alone: async -> generic
// through a completion mechanism needs no proxy fence. On the WAR side the `barrier`, and, since
// the PTX text asks for a proxy fence between accesses of one location through two proxies, a
// `fence.proxy.async.shared::cta` in the issuing thread before the copy (MEMBAR.ALL.CTA +
// FENCE.VIEW.ASYNC.S, one thread); the CUTLASS TMA pipelines issue the copy with no proxy fence,
// which relies on more than the text says.
// Run spec: bulk_copy_ring.run.toml; reference: tools/bench-sync/bulk_copy_ring.cu.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %ok: !nv_tileas.ptr<global>, %n: i32):
  %ring = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %full = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c2 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %c3 = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c63 = "nv_tileas.constant"() {value = 63 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %c4, %c1) ({
    ^bb0(%j: i32):
      %fj = "nv_tileas.gep"(%full, %j) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%fj, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Prologue: rounds 0..3 in flight.
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %c4, %c1) ({
    ^bb0(%j: i32):
      %fj = "nv_tileas.gep"(%full, %j) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %dj = "nv_tileas.gep"(%ring, %j) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %tj = "nv_tileas.addi"(%j, %bid) : (i32, i32) -> i32
      %tile = "nv_tileas.andi"(%tj, %c63) : (i32, i32) -> i32
      %src = "nv_tileas.gep"(%in, %tile) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      "nv_tileas.mbarrier_arrive"(%fj) {tx_bytes = 512 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.bulk_copy_g2s"(%dj, %src, %fj) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    %s = "nv_tileas.andi"(%i, %c3) : (i32, i32) -> i32
    %t = "nv_tileas.shrui"(%i, %c2) : (i32, i32) -> i32
    %ph = "nv_tileas.andi"(%t, %c1) : (i32, i32) -> i32
    %fb = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.mbarrier_wait"(%fb, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_proxy_async"() : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %slot = "nv_tileas.gep"(%ring, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %ti = "nv_tileas.addi"(%i, %bid) : (i32, i32) -> i32
    %tile = "nv_tileas.andi"(%ti, %c63) : (i32, i32) -> i32
    %tbase = "nv_tileas.muli"(%tile, %c128) : (i32, i32) -> i32
    %want = "nv_tileas.addi"(%tbase, %tid) : (i32, i32) -> i32
    %good = "nv_tileas.cmpi"(%x, %want) {predicate = "eq"} : (i32, i32) -> i1
    %inc = "nv_tileas.select"(%good, %c1, %c0) : (i1, i32, i32) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %inc) : (i32, i32) -> i32
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    // Refill slot s with round i+4.
    %i4 = "nv_tileas.addi"(%i, %c4) : (i32, i32) -> i32
    %more = "nv_tileas.cmpi"(%i4, %n) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.elect"() ({
      "nv_tileas.if"(%more) ({
        "nv_tileas.fence_proxy_async"() : () -> ()
        %dst = "nv_tileas.gep"(%ring, %s) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
        %tn = "nv_tileas.addi"(%i4, %bid) : (i32, i32) -> i32
        %ntile = "nv_tileas.andi"(%tn, %c63) : (i32, i32) -> i32
        %src = "nv_tileas.gep"(%in, %ntile) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
        "nv_tileas.mbarrier_arrive"(%fb) {tx_bytes = 512 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
        "nv_tileas.bulk_copy_g2s"(%dst, %src, %fb) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
        "nv_tileas.yield"() : () -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : (i1) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %obase = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %oidx = "nv_tileas.addi"(%obase, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%ok, %oidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %count) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "bulk_copy_ring", num_threads = 128 : i32} : () -> ()
