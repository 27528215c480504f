// lower-as-to-ptx + print-ptx on sm_80: an mbarrier arrive prints its state to the sink `_`,
// which PTX 7.1 introduced, so a module with one gets `.version 7.1` (sm_80 itself needs 7.0).
// The default pairs (arrive release/cta, wait acquire/cta), written or not, print no
// `.sem.scope` (PTX 8.0 and sm_90 would be needed), so they compile for sm_80. A count operand
// without `.noComplete` needs sm_90 and PTX 7.8 (as-to-ptx-mbarrier-count.mlir).
// The kernel is a catalogue of forms, not a whole race-free program (what verify-races, run by
// tilec on nv_tileas, checks: docs/verify-races.md), hence --no-verify-races on the runs that
// compile it.
// RUN: tilec %s --target sm_80 --no-verify-races | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%n: i32, %ph: i32):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.mbarrier_arrive"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive_drop"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  %ok = "nv_tileas.mbarrier_test_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  "nv_tileas.barrier_arrive"() {id = 2 : i32, count = 128 : i32} : () -> ()
  "nv_tileas.mbarrier_inval"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "on_sm80", num_threads = 128 : i32} : () -> ()

// CHECK: .version 7.1
// CHECK-NEXT: .target sm_80
// CHECK-LABEL: .visible .entry on_sm80(
// CHECK: mov.u32 [[B:%r[0-9]+]], __tilec_smem_0;
// CHECK-NEXT: mbarrier.init.shared.b64 [[[B]]], {{%r[0-9]+}};
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: mbarrier.arrive.shared.b64 _, [[[B]]];
// CHECK-NEXT: mbarrier.arrive.shared.b64 _, [[[B]]];
// CHECK-NEXT: mbarrier.arrive_drop.shared.b64 _, [[[B]]];
// CHECK-NEXT: mbarrier.test_wait.parity.shared.b64 %p{{[0-9]+}}, [[[B]]], {{%r[0-9]+}};
// CHECK-NEXT: bar.arrive 2, 128;
// CHECK-NEXT: mbarrier.inval.shared.b64 [[[B]]];
// CHECK-NEXT: ret;
