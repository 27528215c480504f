// lower-as-to-ptx + print-ptx, the relaxed mbarrier forms (PTX 8.6 for arrive, arrive_drop and
// the waits; expect_tx / complete_tx had theirs from 8.0): the pair is written whole, its scope
// included when it is the default cta. Without --ptx-isa the module gets `.version 8.6`; with a
// ceiling below 8.6 each relaxed arrive/wait is an error naming the form.
// The kernel is a catalogue of forms, not a whole race-free program (what verify-races, run by
// tilec on nv_tileas, checks: docs/verify-races.md), hence --no-verify-races on the runs that
// compile it.
// RUN: tilec %s --target sm_90a --no-verify-races | FileCheck %s
// RUN: not tilec %s --target sm_90a --ptx-isa 8.5 2>&1 | FileCheck %s --check-prefix=ISA85

"nv_tileas.kernel"() ({
^bb0(%n: i32, %ph: i32):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<relaxed>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%bar, %n) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive_drop"(%bar) {mem_semantic = #mem.sem<relaxed>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 16 : i64, mem_semantic = #mem.sem<relaxed>} : (!nv_tileas.ptr<shared_cta>) -> ()
  %ok = "nv_tileas.mbarrier_try_wait"(%bar, %ph) {mem_semantic = #mem.sem<relaxed>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  %ok2 = "nv_tileas.mbarrier_test_wait"(%bar, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "relaxed", num_threads = 128 : i32} : () -> ()

// CHECK: .version 8.6
// CHECK-NEXT: .target sm_90a
// CHECK-LABEL: .visible .entry relaxed(
// CHECK: ld.param.u32 [[N:%r[0-9]+]], [relaxed_param_0];
// CHECK-NEXT: ld.param.u32 [[PH:%r[0-9]+]], [relaxed_param_1];
// CHECK-NEXT: mov.u32 [[B:%r[0-9]+]], __tilec_smem_0;
// CHECK-NEXT: mbarrier.arrive.relaxed.cta.shared.b64 _, [[[B]]];
// CHECK-NEXT: mbarrier.arrive.relaxed.cluster.shared.b64 _, [[[B]]];
// CHECK-NEXT: mbarrier.arrive.relaxed.cta.shared.b64 _, [[[B]]], [[N]];
// CHECK-NEXT: mbarrier.arrive.expect_tx.relaxed.cluster.shared.b64 _, [[[B]]], 4096;
// CHECK-NEXT: mbarrier.arrive_drop.relaxed.cta.shared.b64 _, [[[B]]];
// CHECK-NEXT: mbarrier.expect_tx.relaxed.cta.shared.b64 [[[B]]], 16;
// CHECK-NEXT: mbarrier.try_wait.parity.relaxed.cta.shared.b64 %p{{[0-9]+}}, [[[B]]], [[PH]];
// CHECK-NEXT: mbarrier.test_wait.parity.relaxed.cluster.shared.b64 %p{{[0-9]+}}, [[[B]]], [[PH]];
// CHECK-NEXT: [[L:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: mbarrier.try_wait.parity.relaxed.cluster.shared.b64 [[P:%p[0-9]+]], [[[B]]], [[PH]];
// CHECK-NEXT: @![[P]] bra [[L]];
// CHECK-NEXT: ret;
// CHECK-NOT: fence

// ISA85: 'mbarrier_arrive' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85: 'mbarrier_arrive' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85: 'mbarrier_arrive' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85: 'mbarrier_arrive' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85: 'mbarrier_arrive_drop' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85: 'mbarrier_try_wait' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85: 'mbarrier_test_wait' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85: 'mbarrier_wait' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 8.5
// ISA85-NOT: mbarrier_expect_tx
