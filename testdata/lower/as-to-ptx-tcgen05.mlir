// lower-as-to-ptx + print-ptx, the tcgen05 family (tcgen05 targets only): one instruction per
// op, cta_group::1; TMEM addresses are b32 registers; tcgen05_mma takes exactly (d: TMEM, a-desc:
// i64, b-desc: i64, idesc: i32, enable-input-d: i1) and prints `.kind::f16` unless `kind` says
// otherwise; commit arrives on an mbarrier through `.shared::cluster`. tcgen05 is PTX 8.6, so
// sm_100a gets `.version 8.6`; sm_100f needs 8.8 and sm_110a 9.0 for the target itself.
// The kernel is a catalogue of forms, not a whole race-free program (what verify-races, run by
// tilec on nv_tileas, checks: docs/verify-races.md), hence --no-verify-races on the runs that
// compile it.
// RUN: tilec %s --target sm_100a --no-verify-races | FileCheck %s --check-prefixes=CHECK,SM100A
// RUN: tilec %s --target sm_100f --no-verify-races | FileCheck %s --check-prefixes=CHECK,SM100F
// RUN: tilec %s --target sm_110a --no-verify-races | FileCheck %s --check-prefixes=CHECK,SM110A

"nv_tileas.kernel"() ({
^bb0(%adesc: i64, %bdesc: i64, %idesc: i32, %k: i32):
  %zero = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %acc = "nv_tileas.cmpi"(%k, %zero) {predicate = "ne"} : (i32, i32) -> i1
  %slot = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.tcgen05_alloc"(%slot) {columns = 128 : i32} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.tcgen05_fence_before"() : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.tcgen05_fence_after"() : () -> ()
  %tm = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> !nv_tileas.ptr<tmem>
  %x = "nv_tileas.constant"() {value = 1.0 : f32} : () -> f32
  "nv_tileas.tcgen05_st"(%tm, %x) : (!nv_tileas.ptr<tmem>, f32) -> ()
  "nv_tileas.tcgen05_wait_st"() : () -> ()
  "nv_tileas.tcgen05_mma"(%tm, %adesc, %bdesc, %idesc, %acc) : (!nv_tileas.ptr<tmem>, i64, i64, i32, i1) -> ()
  "nv_tileas.tcgen05_mma"(%tm, %adesc, %bdesc, %idesc, %acc) {kind = "tf32"} : (!nv_tileas.ptr<tmem>, i64, i64, i32, i1) -> ()
  "nv_tileas.tcgen05_commit"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  %y = "nv_tileas.tcgen05_ld"(%tm) : (!nv_tileas.ptr<tmem>) -> f32
  "nv_tileas.tcgen05_wait_ld"() : () -> ()
  "nv_tileas.tcgen05_dealloc"(%tm) {columns = 128 : i32} : (!nv_tileas.ptr<tmem>) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "tc", num_threads = 128 : i32} : () -> ()

// SM100A: .version 8.6
// SM100A-NEXT: .target sm_100a
// SM100F: .version 8.8
// SM100F-NEXT: .target sm_100f
// SM110A: .version 9.0
// SM110A-NEXT: .target sm_110a
// CHECK-LABEL: .visible .entry tc(
// CHECK: ld.param.u64 [[A:%rd[0-9]+]], [tc_param_0];
// CHECK-NEXT: ld.param.u64 [[B:%rd[0-9]+]], [tc_param_1];
// CHECK-NEXT: ld.param.u32 [[I:%r[0-9]+]], [tc_param_2];
// CHECK-NEXT: ld.param.u32 [[K:%r[0-9]+]], [tc_param_3];
// CHECK-NEXT: mov.u32 [[ZERO:%r[0-9]+]], 0;
// CHECK-NEXT: setp.ne.u32 [[ACC:%p[0-9]+]], [[K]], [[ZERO]];
// CHECK-NEXT: mov.u32 [[SLOT:%r[0-9]+]], __tilec_smem_0;
// CHECK-NEXT: mov.u32 [[BAR:%r[0-9]+]], __tilec_smem_1;
// CHECK-NEXT: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [[[SLOT]]], 128;
// CHECK-NEXT: tcgen05.fence::before_thread_sync;
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: tcgen05.fence::after_thread_sync;
// CHECK-NEXT: ld.shared.u32 [[TM:%r[0-9]+]], [[[SLOT]]];
// CHECK-NEXT: mov.f32 [[X:%f[0-9]+]], 0f3F800000;
// CHECK-NEXT: tcgen05.st.sync.aligned.32x32b.x1.b32 [[[TM]]], {[[X]]};
// CHECK-NEXT: tcgen05.wait::st.sync.aligned;
// CHECK-NEXT: tcgen05.mma.cta_group::1.kind::f16 [[[TM]]], [[A]], [[B]], [[I]], [[ACC]];
// CHECK-NEXT: tcgen05.mma.cta_group::1.kind::tf32 [[[TM]]], [[A]], [[B]], [[I]], [[ACC]];
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [[[BAR]]];
// CHECK-NEXT: tcgen05.ld.sync.aligned.32x32b.x1.b32 {{[{]%f[0-9]+[}]}}, [[[TM]]];
// CHECK-NEXT: tcgen05.wait::ld.sync.aligned;
// CHECK-NEXT: tcgen05.dealloc.cta_group::1.sync.aligned.b32 [[TM]], 128;
// CHECK-NEXT: ret;
