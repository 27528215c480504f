// weakest-fence rule R9, elected form, on a spin inside a `for`: every thread of the CTA spins with
// `ld.acquire.gpu` on flag[bid] (a CTA-uniform address; the flag is set by another kernel, gpu
// scope: an open-world subscribe) in a `while` that is the only op of the body of a `for` with
// constant bounds 0..4, step 1 (no carried values), at kernel top level; after the loop every
// thread reads data[bid*128+tid]. The loop's trip count is the same for every thread of the CTA, so
// the spin of each iteration may become the elected form: thread 0 polls with `ld.relaxed.gpu`,
// issues one `fence.acquire.gpu` after its `while`, and every thread meets at bar.sync 0, once per
// iteration (every thread runs the 4 iterations, so every thread reaches each bar.sync; the reads
// after the loop are ordered by cumulativity through the bar.sync after the fence). The fence and
// the bar.sync stay inside the `for` body (after the `while`, before the induction-variable update).
// Until R9 ignored control-flow ops when it counted the memory ops of a loop (`alone_in_loops`) and
// offered the elected spin inside CTA-uniform `if`/`for`, this spin was left as it was
// (ld.acquire.gpu by every thread). A `for` whose bounds depend on the thread, or whose trip count
// is not known to be positive, is left as written today. Contrast kernel r9_spin_in_thread_for: the
// same loop with bounds 0..tid, which each thread runs a different number of times: a bar.sync in
// its body would deadlock (or be undefined), so no elect guard and no bar.sync (neg-17 covers
// thread-dependent `if`s).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %myflag = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.for"(%c0, %c4, %c1) ({
  ^bb0(%i: i32):
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%myflag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
      "nv_tileas.yield"(%unset) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %q = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "r9_spin_in_uniform_for", num_threads = 128 : i32} : () -> ()


"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %myflag = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.for"(%c0, %tid, %c1) ({
  ^bb0(%i: i32):
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%myflag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
      "nv_tileas.yield"(%unset) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %q = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "r9_spin_in_thread_for", num_threads = 128 : i32} : () -> ()
// BASE-LABEL: .visible .entry r9_spin_in_uniform_for(
// BASE-NOT: bar.sync
// BASE: [[FOR:\$L__tilec_[0-9]+]]:
// BASE-NEXT: setp.lt.s32
// BASE: ld.acquire.gpu.global.u32
// BASE: bra.uni [[FOR]];
// BASE-NOT: bar.sync
// BASE: ld.global.u32

// CHECK-LABEL: .visible .entry r9_spin_in_uniform_for(
// CHECK-NOT: fence
// CHECK: mad.wide.u32 [[FLAG:%rd[0-9]+]], {{%r[0-9]+}}, 4,
// CHECK-NOT: bar.sync
// CHECK: [[FOR:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: setp.lt.s32 [[MORE:%p[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @![[MORE]] bra [[EXIT:\$L__tilec_[0-9]+]];
// CHECK-NEXT: mov.u32
// CHECK-NEXT: setp.ne.u32 [[NOT0:%p[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @[[NOT0]] bra [[SKIP:\$L__tilec_[0-9]+]];
// CHECK-NEXT: [[SPIN:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32 {{%r[0-9]+}}, {{\[}}[[FLAG]]{{\]}};
// CHECK: bra.uni [[SPIN]];
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: fence.acquire.gpu;
// CHECK-NEXT: [[SKIP]]:
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: add.s32
// CHECK-NEXT: mov.b32
// CHECK-NEXT: bra.uni [[FOR]];
// CHECK-NEXT: [[EXIT]]:
// CHECK-NOT: fence
// CHECK-NOT: bar.sync
// CHECK: ld.global.u32
// CHECK-NOT: ld.acquire
// CHECK-NOT: fence
// CHECK: ret;

// EXPLAIN: remark: 'ld.relaxed.gpu.global.u32' (free): R9: spin on relaxed loads, one acquire fence after the loop (one elected thread spins); was 'ld.acquire.gpu.global.u32' (CCTL.IVALL)
// EXPLAIN: remark: 'fence.acquire.gpu' (CCTL.IVALL): inserted by R9:
// EXPLAIN: remark: 'bar.sync' (free): inserted by R9:

// CHECK-LABEL: .visible .entry r9_spin_in_thread_for(
// CHECK-NOT: bar.sync
// CHECK-NOT: setp.ne.u32
// CHECK: ld.{{relaxed|acquire}}.gpu.global.u32
// CHECK-NOT: bar.sync
// CHECK: ret;
