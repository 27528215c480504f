// SYNC-MODEL.md §6 P1, broken variants: each kernel is p01-smem-barrier.mlir's with one piece
// removed or weakened, and verify-races must reject it at the producer access (the store whose
// value another thread reads).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P1 broken (check 1): the barrier is removed; thread t reads thread 127-t's element with no
// execution edge in between.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{check 1}}
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_no_barrier", num_threads = 128 : i32} : () -> ()

// P1 broken (check 1): the barrier is replaced by a fence.acq_rel.cta alone. A fence orders the
// thread's own accesses but is no execution edge: nothing makes the reader wait for the writer.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{check 1}}
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_fence_not_barrier", num_threads = 128 : i32} : () -> ()

// P1 broken (check 1): the barrier is moved above the store (it orders nothing of the handoff).
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{check 1}}
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_barrier_too_early", num_threads = 128 : i32} : () -> ()

// P1 broken (check 1): the barrier is weakened to a named barrier of the reading warps only
// (id 1, count 64, inside warp_role [0, 2)). Warps 0-1 read the elements written by warps 2-3
// (127 - tid >= 64), and warps 2-3 never reach that barrier.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{check 1}}
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.warp_role"() ({
    "nv_tileas.barrier"() {id = 1 : i32, count = 64 : i32} : () -> ()
    %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
    %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_barrier_of_readers_only", num_threads = 128 : i32} : () -> ()

// P1 broken (check 1), through global memory: p1_gmem_in_cta of p01-smem-barrier.mlir with the
// barrier removed.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %scratch: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%scratch, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  // expected-error@+1 {{check 1}}
  "nv_tileas.st"(%slot, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %ridx = "nv_tileas.addi"(%base, %rev) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%scratch, %ridx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_gmem_no_barrier", num_threads = 128 : i32} : () -> ()
