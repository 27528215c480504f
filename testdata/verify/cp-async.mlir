// cp_async (cp.async.cg.shared.global, 16 bytes, sm_80): a shared destination, a global source,
// an i32 byte count; and in its block a cp_async_commit or cp_async_wait_all before any memory
// access, barrier, fence or op with regions, so every copy is in a group a cp_async_wait can
// name (when it completes is verify-races' question: testdata/races/cp-async-pipeline*.mlir).
// cp_async_wait's pending count is 0..7. Each bad case is its own kernel.
// RUN: tile-opt %s --verify-diagnostics

// Accepted: two copies, pure arithmetic between them, then the wait.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %d = "nv_tileas.gep"(%s, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  "nv_tileas.cp_async"(%d, %p, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  %c = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %t2 = "nv_tileas.addi"(%tid, %c) : (i32, i32) -> i32
  %d2 = "nv_tileas.gep"(%s, %t2) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.cp_async"(%d2, %p, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_wait_all"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "ok", num_threads = 128 : i32} : () -> ()

// A load between the copy and its wait.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %d = "nv_tileas.gep"(%s, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  // expected-error@+1 {{'cp_async' must be followed in its block by 'cp_async_commit' or 'cp_async_wait_all' before any memory access, barrier, fence or op with regions}}
  "nv_tileas.cp_async"(%d, %p, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  %v = "nv_tileas.ld"(%d) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  "nv_tileas.cp_async_wait_all"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "load_before_wait", num_threads = 128 : i32} : () -> ()

// No wait at all.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %d = "nv_tileas.gep"(%s, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  // expected-error@+1 {{'cp_async' must be followed in its block by 'cp_async_commit' or 'cp_async_wait_all'}}
  "nv_tileas.cp_async"(%d, %p, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "no_wait", num_threads = 128 : i32} : () -> ()

// Operands swapped: a global destination, a shared source, an i64 count.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %n = "nv_tileas.constant"() {value = 16 : i64} : () -> i64
  // expected-error@+3 {{operand #0}}
  // expected-error@+2 {{operand #1}}
  // expected-error@+1 {{operand #2 (source bytes)}}
  "nv_tileas.cp_async"(%g, %s, %n) : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>, i64) -> ()
  "nv_tileas.cp_async_wait_all"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "swapped", num_threads = 128 : i32} : () -> ()

// Accepted: a copy closed by a commit, a wait that leaves one group pending.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %d = "nv_tileas.gep"(%s, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  "nv_tileas.cp_async"(%d, %p, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cp_async_commit"() : () -> ()
  "nv_tileas.cp_async_wait"() {pending = 0 : i32} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "committed", num_threads = 128 : i32} : () -> ()

// A commit after a barrier does not close the copy before it.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %d = "nv_tileas.gep"(%s, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %p = "nv_tileas.gep"(%g, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %n = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  // expected-error@+1 {{'cp_async' must be followed in its block by 'cp_async_commit' or 'cp_async_wait_all'}}
  "nv_tileas.cp_async"(%d, %p, %n) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.cp_async_commit"() : () -> ()
  "nv_tileas.cp_async_wait"() {pending = 0 : i32} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "commit_after_barrier", num_threads = 128 : i32} : () -> ()

// A pending count past 7.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  // expected-error@+1 {{pending}}
  "nv_tileas.cp_async_wait"() {pending = 8 : i32} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "pending_too_many", num_threads = 128 : i32} : () -> ()
