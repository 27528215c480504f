// NEGATIVE (weakest-fence must not elect a spin whose result every thread uses): every thread spins on a
// global flag with `ld.acquire.gpu` until it is non-zero, and then uses the *value* it read (the
// index of the block of `data` to read). R9 may make the polls relaxed with one `fence.acquire.gpu`
// after the loop; but the "whole-CTA spin -> one elected thread spins + bar.sync" half of R9 would
// leave the other threads without the value (the loop result is only defined in the thread that
// ran the loop), so no elect region and no bar.sync may appear.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %fv = "nv_tileas.while"() ({
    %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.yield"(%unset, %f) : (i1, i32) -> ()
  }, {
  ^bb0(%z: i32):
    "nv_tileas.yield"() : () -> ()
  }) : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%fv, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %q = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %obase = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %oidx = "nv_tileas.addi"(%obase, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %oidx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "spin_value_used", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry spin_value_used(
// BASE: ld.acquire.gpu.global.u32

// CHECK-LABEL: .visible .entry spin_value_used(
// CHECK-NOT: setp.ne.u32
// CHECK-NOT: bar.sync
// CHECK: [[HEAD:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32
// CHECK: bra.uni [[HEAD]];
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: fence.acquire.gpu;
// CHECK-NOT: bar.sync
// CHECK: ld.global.u32
// CHECK-NOT: bar.sync
// CHECK: ret;
