// SYNC-MODEL.md §6 P8: generic shared-memory writes read by a TMA (bulk) store. Every thread
// writes its element of a shared staging buffer; one elected thread copies the buffer to global
// memory with `bulk_copy_s2g` (async proxy). SOL: every writer issues
// `fence_proxy_async` space = shared_cta (fence.proxy.async.shared::cta), then `barrier`, then the
// elected bulk store (commit + wait for the read before the buffer may be reused). Conservative:
// `fence_proxy_async` over all spaces + `fence.acq_rel.gpu`.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P8 SOL.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
  %sq = "nv_tileas.mulf"(%v, %v) : (f32, f32) -> f32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %sq) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
  "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_s2g"(%dst, %buf) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_commit"() : () -> ()
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p8_sol", num_threads = 128 : i32} : () -> ()

// P8 conservative: fence.proxy.async (all state spaces) and fence.acq_rel.gpu before the barrier.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
  %sq = "nv_tileas.mulf"(%v, %v) : (f32, f32) -> f32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %sq) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
  "nv_tileas.fence_proxy_async"() : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_s2g"(%dst, %buf) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_commit"() : () -> ()
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p8_conservative", num_threads = 128 : i32} : () -> ()
