// loop-p11-tma-ring.mlir with the ring filled by tensor-map loads (`tma_load`,
// cp.async.bulk.tensor): row i of a 128-column i32 tensor (one 512-byte box at coordinates
// (0, i)) into slot i % 4, completing on full[s]. verify-races models the box as a bulk copy's
// async-proxy write of its bytes (SYNC-MODEL P11): the same handoffs, the same fences.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P11 SOL in a loop, tensor-map loads.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.tensormap, %out: !nv_tileas.ptr<global>, %iters: i32):
  %full = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %empty = "nv_tileas.alloc_shared"() {size = 32 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ring = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c32 = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %c4, %c1) ({
    ^bb0(%s: i32):
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%f, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_init"(%e, %c128) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  // Thread 0, the producer: wait until slot s is free (the consumers' reads of iteration i-4), arm
  // full[s] with the tile's bytes, copy the tile into the slot.
  "nv_tileas.elect"() ({
    "nv_tileas.for"(%c0, %iters, %c1) ({
    ^bb0(%i: i32):
      %s = "nv_tileas.remui"(%i, %c4) : (i32, i32) -> i32
      %u = "nv_tileas.divui"(%i, %c4) : (i32, i32) -> i32
      %ph = "nv_tileas.andi"(%u, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %slot = "nv_tileas.gep"(%ring, %s) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_wait"(%e, %pe) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
      "nv_tileas.mbarrier_arrive"(%f) {tx_bytes = 512 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      "nv_tileas.tma_load"(%slot, %in, %f, %c0, %i) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.tensormap, !nv_tileas.ptr<shared_cta>, i32, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  // Warps 1-4, the consumers: wait for slot s, read their element, free the slot.
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %t = "nv_tileas.subi"(%tid, %c32) : (i32, i32) -> i32
    %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %s = "nv_tileas.remui"(%i, %c4) : (i32, i32) -> i32
      %u = "nv_tileas.divui"(%i, %c4) : (i32, i32) -> i32
      %ph = "nv_tileas.andi"(%u, %c1) : (i32, i32) -> i32
      %pe = "nv_tileas.xori"(%ph, %c1) : (i32, i32) -> i32
      %f = "nv_tileas.gep"(%full, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %e = "nv_tileas.gep"(%empty, %s) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      %sb = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
      %idx = "nv_tileas.addi"(%sb, %t) : (i32, i32) -> i32
      %p = "nv_tileas.gep"(%ring, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
      "nv_tileas.mbarrier_wait"(%f, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
      %x = "nv_tileas.ld"(%p) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
      "nv_tileas.mbarrier_arrive"(%e) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
      %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %g0 = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
    %g = "nv_tileas.addi"(%g0, %t) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 5>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p11_tensor_ring", num_threads = 160 : i32} : () -> ()
