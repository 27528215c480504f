// SYNC-MODEL §3.1 / §6 P1 in a loop: a shared-memory tile handed between the threads of one CTA
// every iteration, synchronized by `barrier` (bar.sync). The loops run %iters times (a kernel
// parameter: the steady state, not a constant trip count); verify-races checks iterations i .. i+P
// together (P the period of the slot index), so both the write → read handoff of an iteration and
// the read → write reuse of a slot in a later iteration are checked.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// P1 SOL in a loop: a double-buffered tile, one barrier per iteration. Iteration i writes slot
// i % 2 and, after the barrier, reads another thread's element of it; the slot is written again in
// iteration i+2, after the barrier of iteration i+1, which every reader of iteration i passed.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %buf = "nv_tileas.alloc_shared"() {size = 1024 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %slots = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
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
    %x = "nv_tileas.ld"(%pr) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_loop_double_buffer", num_threads = 128 : i32} : () -> ()

// P1 conservative in a loop: the same with fence.acq_rel.cta around the barrier.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %iters: i32):
  %buf = "nv_tileas.alloc_shared"() {size = 1024 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %slots = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
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
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
    %x = "nv_tileas.ld"(%pr) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_loop_double_buffer_conservative", num_threads = 128 : i32} : () -> ()

// One buffer, two barriers per iteration: the first orders the write before the reads (RAW), the
// second the reads before the next iteration's write (write after read).
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
    %x = "nv_tileas.ld"(%pr) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_loop_single_buffer_two_barriers", num_threads = 128 : i32} : () -> ()

// Software-pipelined double buffer: the prologue fills slot 0; iteration i prefetches tile i+1
// into slot (i+1) % 2, reads slot i % 2, then one barrier. The barrier of iteration i orders both
// the prefetch of i (read in i+1) and the reads of i (slot overwritten by the prefetch of i+1).
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
    %x = "nv_tileas.ld"(%pr) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %acc2 = "nv_tileas.addi"(%acc, %x) : (i32, i32) -> i32
    "nv_tileas.yield"(%acc2) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %g) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %sum) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p1_loop_prefetch", num_threads = 128 : i32} : () -> ()
