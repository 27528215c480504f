// Regression test (fixed in the commit that added it): this was a miscompile. R9 elects the spin ("one elected thread spins" + bar.sync) although every thread spins on its *own* flag, flag[tid]: after the rewrite only thread 0 polls flag[0], and thread t reads data[t] after the bar.sync without anyone having waited for flag[t], so it may read data[t] before CTA 0's thread t has written it. verify-races accepts the result because it matches the flag edge by buffer (flag[t] written, flag[0] read "may overlap"), not by the location each thread pair uses; the elect candidate (candidates.rs access_candidates) does not check that the polled address is the same for every thread. The checks below are the expected output: every thread keeps its own (relaxed) spin, no elect guard and no bar.sync are inserted.
// NEGATIVE (weakest-fence must not elect a spin whose address depends on the thread): CTA 0's thread t
// writes data[t] and sets flag[t] with `st.release.gpu`; every thread t of every CTA spins on flag[t]
// with `ld.acquire.gpu` and then reads data[t]. Each thread waits for its own producer. R9 may turn
// each thread's polls into relaxed loads + one `fence.acquire.gpu` after its loop; the other half of
// R9 ("a whole-CTA spin becomes an elected spin + bar.sync") is only right when all threads poll the
// same location.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  %myflag = "nv_tileas.gep"(%flag, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.if"(%is0) ({
    %p = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.addi"(%tid, %c1) : (i32, i32) -> i32
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.st"(%myflag, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.while"() ({
    %f = "nv_tileas.ld"(%myflag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.yield"(%unset) : (i1) -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %q = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "per_thread_flags", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry per_thread_flags(
// BASE: st.release.gpu.global.u32
// BASE: ld.acquire.gpu.global.u32

// CHECK-LABEL: .visible .entry per_thread_flags(
// CHECK: st.release.gpu.global.u32
// CHECK-NOT: bar.sync
// CHECK-NOT: setp.ne.u32
// CHECK: ld.{{(relaxed|acquire)}}.gpu.global.u32
// CHECK: bra.uni
// CHECK-NOT: bar.sync
// CHECK: ld.global.u32
// CHECK-NOT: bar.sync
// CHECK: ret;
