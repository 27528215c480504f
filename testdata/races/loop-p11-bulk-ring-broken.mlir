// loop-p11-bulk-ring.mlir without the proxy fence before the refill: the generic reads of round i
// are overwritten by the async proxy of the refill (issued in iteration i, for round i+4) with no
// proxy fence on the path (check 4).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

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
    %sbase = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %sidx = "nv_tileas.addi"(%sbase, %tid) : (i32, i32) -> i32
    %slot = "nv_tileas.gep"(%ring, %sidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    // expected-error@+1 {{check 4 (missing proxy fence): the generic-proxy read by 'ld' is overwritten by 'bulk_copy_g2s' through the async proxy with no proxy fence on the reader's or the async writer's side (in the same iteration of the loop)}}
    %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %ti = "nv_tileas.addi"(%i, %bid) : (i32, i32) -> i32
    %tile = "nv_tileas.andi"(%ti, %c63) : (i32, i32) -> i32
    %tbase = "nv_tileas.muli"(%tile, %c128) : (i32, i32) -> i32
    %want = "nv_tileas.addi"(%tbase, %tid) : (i32, i32) -> i32
    %good = "nv_tileas.cmpi"(%x, %want) {predicate = "eq"} : (i32, i32) -> i1
    %inc = "nv_tileas.select"(%good, %c1, %c0) : (i1, i32, i32) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %inc) : (i32, i32) -> i32
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    // Refill slot s with round i+4.
    %i4 = "nv_tileas.addi"(%i, %c4) : (i32, i32) -> i32
    %more = "nv_tileas.cmpi"(%i4, %n) {predicate = "slt"} : (i32, i32) -> i1
    "nv_tileas.elect"() ({
      "nv_tileas.if"(%more) ({
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
}) {sym_name = "bulk_ring_no_proxy_fence", num_threads = 128 : i32} : () -> ()
