// SYNC-MODEL §3.1: loop-p01-barrier.mlir with one barrier removed or moved; verify-races rejects
// each kernel and names the iterations of the racing accesses.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// One buffer with one barrier per iteration: the barrier orders the write before the reads of the
// same iteration, but nothing orders the reads of iteration i before the writes of iteration i+1.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %buf = "nv_tileas.alloc_shared"() {size = 1024 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %slots = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %g0 = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %g = "nv_tileas.addi"(%g0, %tid) : (i32, i32) -> i32
  %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    %s = "nv_tileas.remui"(%i, %slots) : (i32, i32) -> i32
    %sb = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %w = "nv_tileas.addi"(%sb, %tid) : (i32, i32) -> i32
    %r = "nv_tileas.addi"(%sb, %rev) : (i32, i32) -> i32
    %pw = "nv_tileas.gep"(%buf, %w) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %pr = "nv_tileas.gep"(%buf, %r) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 65536 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %src = "nv_tileas.gep"(%row, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.st"(%pw, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (from iteration i of the loop to iteration i+1)}}
    %x = "nv_tileas.ld"(%pr) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_loop_single_buffer_one_barrier", num_threads = 128 : i32} : () -> ()

// One buffer, the first of the two barriers removed: the reads are ordered before the next
// iteration's writes, but the write is not ordered before the reads of its own iteration.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %buf = "nv_tileas.alloc_shared"() {size = 1024 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %slots = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %g0 = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %g = "nv_tileas.addi"(%g0, %tid) : (i32, i32) -> i32
  %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    %s = "nv_tileas.remui"(%i, %slots) : (i32, i32) -> i32
    %sb = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %w = "nv_tileas.addi"(%sb, %tid) : (i32, i32) -> i32
    %r = "nv_tileas.addi"(%sb, %rev) : (i32, i32) -> i32
    %pw = "nv_tileas.gep"(%buf, %w) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %pr = "nv_tileas.gep"(%buf, %r) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %row = "nv_tileas.gep"(%in, %i) {elem_bytes = 65536 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %src = "nv_tileas.gep"(%row, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (in the same iteration of the loop)}}
    "nv_tileas.st"(%pw, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %x = "nv_tileas.ld"(%pr) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_loop_single_buffer_no_raw_barrier", num_threads = 128 : i32} : () -> ()

// The pipelined double buffer with its barrier between the prefetch and the reads: the prefetch
// of iteration i is still ordered before the reads of i+1, but the reads of slot i % 2 in
// iteration i race with the prefetch into the same slot in iteration i+1.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %buf = "nv_tileas.alloc_shared"() {size = 1024 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c2 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %g0 = "nv_tileas.muli"(%bid, %c128) : (i32, i32) -> i32
  %g = "nv_tileas.addi"(%g0, %tid) : (i32, i32) -> i32
  %src0 = "nv_tileas.gep"(%in, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v0 = "nv_tileas.ld"(%src0) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %pw0 = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%pw0, %v0) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %sum = "nv_tileas.for"(%c0, %iters, %c1, %c0) ({
  ^bb0(%i: i32, %acc: i32):
    %s = "nv_tileas.remui"(%i, %c2) : (i32, i32) -> i32
    %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
    %s1 = "nv_tileas.remui"(%i1, %c2) : (i32, i32) -> i32
    %wb = "nv_tileas.muli"(%s1, %c128) : (i32, i32) -> i32
    %w = "nv_tileas.addi"(%wb, %tid) : (i32, i32) -> i32
    %rb = "nv_tileas.muli"(%s, %c128) : (i32, i32) -> i32
    %r = "nv_tileas.addi"(%rb, %rev) : (i32, i32) -> i32
    %pw = "nv_tileas.gep"(%buf, %w) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %pr = "nv_tileas.gep"(%buf, %r) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %row = "nv_tileas.gep"(%in, %i1) {elem_bytes = 65536 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %src = "nv_tileas.gep"(%row, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.st"(%pw, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of another thread of the CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them) (from iteration i of the loop to iteration i+1)}}
    %x = "nv_tileas.ld"(%pr) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_loop_prefetch_barrier_before_reads", num_threads = 128 : i32} : () -> ()
