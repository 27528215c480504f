// SYNC-MODEL.md §6 P8, broken variants of p08-smem-to-tma-store.mlir's SOL kernel, each rejected at
// the producer access (the generic store to the staging buffer).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P8 broken (check 4): the proxy fence is removed; the generic stores are read by the bulk copy
// (async proxy) with no fence.proxy.async in between.
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
  // expected-error@+1 {{check 4}}
  "nv_tileas.st"(%slot, %sq) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_s2g"(%dst, %buf) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_commit"() : () -> ()
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p8_no_proxy_fence", num_threads = 128 : i32} : () -> ()

// P8 broken (check 4): the proxy fence is restricted to the wrong state space (global): it does
// not cover the shared staging buffer.
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
  // expected-error@+1 {{check 4}}
  "nv_tileas.st"(%slot, %sq) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
  "nv_tileas.fence_proxy_async"() {space = #mem.space<global>} : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_s2g"(%dst, %buf) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_commit"() : () -> ()
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p8_proxy_fence_wrong_space", num_threads = 128 : i32} : () -> ()

// P8 broken (check 1): the barrier is removed; the elected thread copies the buffer while the
// other threads may still be writing it.
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
  // expected-error@+1 {{check 1}}
  "nv_tileas.st"(%slot, %sq) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
  "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.elect"() ({
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_s2g"(%dst, %buf) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_commit"() : () -> ()
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p8_no_barrier", num_threads = 128 : i32} : () -> ()

// P8 broken (check 4): the proxy fence is moved above the store; nothing fences the generic
// write before the async-proxy read.
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
  "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
  // expected-error@+1 {{check 4}}
  "nv_tileas.st"(%slot, %sq) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, f32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    %dst = "nv_tileas.gep"(%out, %bid) {elem_bytes = 512 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.bulk_copy_s2g"(%dst, %buf) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_commit"() : () -> ()
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p8_proxy_fence_before_store", num_threads = 128 : i32} : () -> ()
