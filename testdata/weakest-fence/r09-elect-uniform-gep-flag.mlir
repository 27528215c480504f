// weakest-fence rule R9, elected form, on a flag address that is not a kernel parameter itself but
// a CTA-uniform pointer computed from one: gep(%flag, bid*32) and gep(%flag, bid). Every thread of
// the CTA polls the *same* location, so one elected thread may spin with `ld.relaxed.gpu`, issue one
// `fence.acquire.gpu`, and release the others with bar.sync (cumulativity carries the acquire to
// them). Until R9 accepted any CTA-uniform address (block_id, cluster_ctarank, num_blocks,
// constants, kernel params and integer arithmetic / gep over them) only a spin on a bare parameter
// was elected: these kernels got the non-elected form (every thread polls with relaxed loads, then
// its own fence.acquire.gpu), so the setp/bra guard and the bar.sync checked below would be missing.
// The per-thread case (flag[tid]) must still not be elected: neg-16-per-thread-flag-spin.
//
// r9_gep_flag_subscribe: open world. Another kernel (gpu scope) sets flag[bid*32] (one flag per
// 128-byte line) after writing the CTA's tile; every thread spins on it with `ld.acquire.gpu`, then
// reads data[bid*128+tid]. No writer in the kernel: the reads are the open-world subscribe side.
// r9_gep_flag_same_cta: closed world. The elected thread copies in[bid] to data[bid] and releases
// flag[bid] with `st.release.gpu`; every thread of the CTA spins on flag[bid] with `ld.acquire.gpu`
// and then reads data[bid] (verify-races matches flag[bid] with flag[bid]: a handoff inside the CTA).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c32 = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %line = "nv_tileas.muli"(%bid, %c32) : (i32, i32) -> i32
  %myflag = "nv_tileas.gep"(%flag, %line) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.while"() ({
    %f = "nv_tileas.ld"(%myflag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.yield"(%unset) : (i1) -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %q = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "r9_gep_flag_subscribe", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %myflag = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %d = "nv_tileas.gep"(%data, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.elect"() ({
    %src = "nv_tileas.gep"(%in, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.st"(%d, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.st"(%myflag, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.while"() ({
    %f = "nv_tileas.ld"(%myflag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.yield"(%unset) : (i1) -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %x = "nv_tileas.ld"(%d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "r9_gep_flag_same_cta", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry r9_gep_flag_subscribe(
// BASE-NOT: bar.sync
// BASE: ld.acquire.gpu.global.u32
// BASE: bra.uni
// BASE-NOT: bar.sync
// BASE: ld.global.u32
// BASE-LABEL: .visible .entry r9_gep_flag_same_cta(
// BASE-NOT: bar.sync
// BASE: st.release.gpu.global.u32
// BASE: ld.acquire.gpu.global.u32
// BASE-NOT: bar.sync
// BASE: ld.global.u32

// Thread 0 alone polls flag[bid*32] with relaxed loads, then the one acquire fence; the others skip
// the loop and wait at bar.sync; everyone reads after it.
// CHECK-LABEL: .visible .entry r9_gep_flag_subscribe(
// CHECK-NOT: fence
// CHECK: mad.wide.u32 [[FLAG:%rd[0-9]+]],
// CHECK-NOT: bar.sync
// CHECK: setp.ne.u32 [[NOT0:%p[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @[[NOT0]] bra [[SKIP:\$L__tilec_[0-9]+]];
// CHECK-NEXT: [[SPIN:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32 {{%r[0-9]+}}, {{\[}}[[FLAG]]{{\]}};
// CHECK: bra.uni [[SPIN]];
// CHECK-NEXT: [[DONE:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: fence.acquire.gpu;
// CHECK-NEXT: [[SKIP]]:
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: fence
// CHECK: ld.global.u32
// CHECK-NOT: ld.acquire
// CHECK-NOT: fence
// CHECK: ret;

// The producer's elected copy and release are unchanged; the spin on flag[bid] (the address the
// release wrote) becomes the elected relaxed spin + fence.acquire.gpu + bar.sync.
// CHECK-LABEL: .visible .entry r9_gep_flag_same_cta(
// CHECK: st.global.u32
// CHECK-NEXT: st.release.gpu.global.u32 {{\[}}[[FLAG2:%rd[0-9]+]]{{\]}},
// CHECK-NOT: bar.sync
// CHECK: setp.ne.u32 [[NOT0B:%p[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @[[NOT0B]] bra [[SKIPB:\$L__tilec_[0-9]+]];
// CHECK-NEXT: [[SPINB:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32 {{%r[0-9]+}}, {{\[}}[[FLAG2]]{{\]}};
// CHECK: bra.uni [[SPINB]];
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: fence.acquire.gpu;
// CHECK-NEXT: [[SKIPB]]:
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: ld.global.u32
// CHECK-NOT: ld.acquire
// CHECK-NOT: fence
// CHECK: ret;

// EXPLAIN: remark: 'ld.relaxed.gpu.global.u32' (free): R9: spin on relaxed loads, one acquire fence after the loop (one elected thread spins); was 'ld.acquire.gpu.global.u32' (CCTL.IVALL)
// EXPLAIN: remark: 'fence.acquire.gpu' (CCTL.IVALL): inserted by R9:
// EXPLAIN: remark: 'bar.sync' (free): inserted by R9:
// EXPLAIN: remark: 'ld.relaxed.gpu.global.u32' (free): R9: spin on relaxed loads, one acquire fence after the loop (one elected thread spins); was 'ld.acquire.gpu.global.u32' (CCTL.IVALL)
// EXPLAIN: remark: 'fence.acquire.gpu' (CCTL.IVALL): inserted by R9:
// EXPLAIN: remark: 'bar.sync' (free): inserted by R9:
