// print-ptx for the ptx dialect's sync ops written directly (what lower-as-to-ptx never
// produces included): `.aligned` on the cluster barrier; the cluster barrier's and the
// mbarrier ops' default semantics left unwritten, explicit or not; a pair written whole when
// either half differs from the default; expect_tx / complete_tx always `.relaxed.scope`;
// st.async typed by the value's width (b32/b64), red.async by the operation (and/or/xor: b,
// min/max: s, add/inc/dec: u; 64-bit add: u64). `.version` is the highest form printed: the
// relaxed arrive_drop, PTX 8.6; below it, the op that needs it is an error.
// RUN: tilec %s --target sm_90a | FileCheck %s
// RUN: not tilec %s --target sm_90a --ptx-isa 8.5 2>&1 | FileCheck %s --check-prefix=ISA85

"ptx.kernel"() ({
  %a = "ptx.ld_param"() {index = 0 : i32} : () -> i32
  %n = "ptx.ld_param"() {index = 1 : i32} : () -> i32
  %w = "ptx.ld_param"() {index = 2 : i32} : () -> i64
  %f = "ptx.ld_param"() {index = 3 : i32} : () -> f32
  "ptx.barrier_cluster_arrive"() {aligned} : () -> ()
  "ptx.barrier_cluster_arrive"() {mem_semantic = #mem.sem<relaxed>, aligned} : () -> ()
  "ptx.barrier_cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "ptx.barrier_cluster_wait"() {mem_semantic = #mem.sem<acquire>, aligned} : () -> ()
  "ptx.barrier_cluster_wait"() : () -> ()
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (i32) -> ()
  "ptx.mbarrier_arrive"(%a) {space = #mem.space<shared_cluster>, mem_scope = #mem.scope<cluster>} : (i32) -> ()
  "ptx.mbarrier_arrive_drop"(%a) {space = #mem.space<shared_cluster>, tx_bytes = 64 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (i32) -> ()
  "ptx.mbarrier_expect_tx"(%a) {space = #mem.space<shared_cta>, tx_bytes = 32 : i64, mem_semantic = #mem.sem<relaxed>} : (i32) -> ()
  "ptx.mbarrier_complete_tx"(%a) {space = #mem.space<shared_cluster>, tx_bytes = 32 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (i32) -> ()
  %p = "ptx.mbarrier_try_wait"(%a, %n) {mem_scope = #mem.scope<cluster>} : (i32, i32) -> i1
  %q = "ptx.mbarrier_try_wait"(%a, %n) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (i32, i32) -> i1
  "ptx.st_async"(%a, %w, %a) : (i32, i64, i32) -> ()
  "ptx.st_async"(%a, %f, %a) : (i32, f32, i32) -> ()
  "ptx.red_async"(%a, %n, %a) {kind = #mem.rmw<and>} : (i32, i32, i32) -> ()
  "ptx.red_async"(%a, %n, %a) {kind = #mem.rmw<max>} : (i32, i32, i32) -> ()
  "ptx.red_async"(%a, %n, %a) {kind = #mem.rmw<inc>} : (i32, i32, i32) -> ()
  "ptx.red_async"(%a, %w, %a) {kind = #mem.rmw<add>} : (i32, i64, i32) -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "direct", param_types = [i32, i32, i64, f32]} : () -> ()

// CHECK: .version 8.6
// CHECK-NEXT: .target sm_90a
// CHECK-LABEL: .visible .entry direct(
// CHECK: ld.param.u32 [[A:%r[0-9]+]], [direct_param_0];
// CHECK-NEXT: ld.param.u32 [[N:%r[0-9]+]], [direct_param_1];
// CHECK-NEXT: ld.param.u64 [[W:%rd[0-9]+]], [direct_param_2];
// CHECK-NEXT: ld.param.f32 [[F:%f[0-9]+]], [direct_param_3];
// CHECK-NEXT: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.arrive.relaxed.aligned;
// CHECK-NEXT: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK-NEXT: mbarrier.arrive.shared::cluster.b64 _, [[[A]]];
// CHECK-NEXT: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [[[A]]];
// CHECK-NEXT: mbarrier.arrive_drop.expect_tx.relaxed.cluster.shared::cluster.b64 _, [[[A]]], 64;
// CHECK-NEXT: mbarrier.expect_tx.relaxed.cta.shared.b64 [[[A]]], 32;
// CHECK-NEXT: mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64 [[[A]]], 32;
// CHECK-NEXT: mbarrier.try_wait.parity.acquire.cluster.shared.b64 %p{{[0-9]+}}, [[[A]]], [[N]];
// CHECK-NEXT: mbarrier.try_wait.parity.shared.b64 %p{{[0-9]+}}, [[[A]]], [[N]];
// CHECK-NEXT: st.async.shared::cluster.mbarrier::complete_tx::bytes.b64 [[[A]]], [[W]], [[[A]]];
// CHECK-NEXT: st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [[[A]]], [[F]], [[[A]]];
// CHECK-NEXT: red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.and.b32 [[[A]]], [[N]], [[[A]]];
// CHECK-NEXT: red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.max.s32 [[[A]]], [[N]], [[[A]]];
// CHECK-NEXT: red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [[[A]]], [[N]], [[[A]]];
// CHECK-NEXT: red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u64 [[[A]]], [[W]], [[[A]]];
// CHECK-NEXT: ret;

// ISA85: :23:3: error: 'mbarrier_arrive_drop' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85-NOT: error
