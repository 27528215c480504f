// lower-as-to-ptx + print-ptx, the mbarrier family with release/acquire pairs (the relaxed forms
// are in as-to-ptx-mbarrier-relaxed.mlir):
// - an arrive's pair is written only when it is not the default (release, cta), and then whole:
//   an explicit release/cta prints like no pair at all; cluster scope prints `.release.cluster`;
// - tx_bytes makes the arrive `arrive.expect_tx … _, [bar], N`; a count operand is `, %r`;
// - expect_tx / complete_tx exist in PTX only as `.relaxed`: a release one (written, or no
//   semantic at all, release being the family's default) is a fence of the pair's scope, then
//   the relaxed op with the scope written; a relaxed one is the relaxed op alone. The fence is
//   `fence.release` where PTX 8.6 is allowed (then `.version 8.6`), `fence.acq_rel` with
//   `--ptx-isa 8.0` (then `.version 8.0`: nothing else here needs more);
// - a wait's pair is written when not (acquire, cta); the blocking wait is a try_wait.parity loop:
//   a label, the try, `@!%p bra` back to the label.
// The kernel is a catalogue of forms, not a whole race-free program (what verify-races, run by
// tilec on nv_tileas, checks: docs/verify-races.md), hence --no-verify-races on the runs that
// compile it.
// RUN: tilec %s --target sm_90a --no-verify-races | FileCheck %s --check-prefixes=CHECK,SPLIT
// RUN: tilec %s --target sm_90a --ptx-isa 8.0 --no-verify-races | FileCheck %s --check-prefixes=CHECK,WIDE

"nv_tileas.kernel"() ({
^bb0(%n: i32, %ph: i32):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 1024 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive_drop"(%bar, %n) {mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.mbarrier_arrive_drop"(%bar) {tx_bytes = 64 : i64} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 2048 : i64} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 512 : i64, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 256 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_complete_tx"(%bar) {tx_bytes = 128 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_complete_tx"(%bar) {tx_bytes = 32 : i64, mem_semantic = #mem.sem<relaxed>} : (!nv_tileas.ptr<shared_cta>) -> ()
  %ok = "nv_tileas.mbarrier_try_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  %ok2 = "nv_tileas.mbarrier_test_wait"(%bar, %ph) : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  "nv_tileas.mbarrier_wait"(%bar, %ph) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.mbarrier_inval"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "mbar", num_threads = 128 : i32} : () -> ()

// SPLIT: .version 8.6
// WIDE: .version 8.0
// CHECK-NEXT: .target sm_90a
// CHECK-LABEL: .visible .entry mbar(
// CHECK: ld.param.u32 [[N:%r[0-9]+]], [mbar_param_0];
// CHECK-NEXT: ld.param.u32 [[PH:%r[0-9]+]], [mbar_param_1];
// CHECK-NEXT: mov.u32 [[B:%r[0-9]+]], __tilec_smem_0;
// CHECK-NEXT: mbarrier.init.shared.b64 [[[B]]], [[N]];
// Arrives: the default pair, written or not, is not printed; a cluster one is printed whole.
// CHECK-NEXT: mbarrier.arrive.shared.b64 _, [[[B]]];
// CHECK-NEXT: mbarrier.arrive.shared.b64 _, [[[B]]];
// CHECK-NEXT: mbarrier.arrive.release.cluster.shared.b64 _, [[[B]]];
// CHECK-NEXT: mbarrier.arrive.release.cluster.shared.b64 _, [[[B]]];
// CHECK-NEXT: mbarrier.arrive.shared.b64 _, [[[B]]], [[N]];
// CHECK-NEXT: mbarrier.arrive.expect_tx.shared.b64 _, [[[B]]], 4096;
// CHECK-NEXT: mbarrier.arrive.expect_tx.release.cluster.shared.b64 _, [[[B]]], 1024;
// CHECK-NEXT: mbarrier.arrive_drop.release.cluster.shared.b64 _, [[[B]]], [[N]];
// CHECK-NEXT: mbarrier.arrive_drop.expect_tx.shared.b64 _, [[[B]]], 64;
// expect_tx: release written, release by default (no pair), release by default with a cluster
// scope, then relaxed (no fence).
// SPLIT-NEXT: fence.release.cta;
// WIDE-NEXT: fence.acq_rel.cta;
// CHECK-NEXT: mbarrier.expect_tx.relaxed.cta.shared.b64 [[[B]]], 4096;
// SPLIT-NEXT: fence.release.cta;
// WIDE-NEXT: fence.acq_rel.cta;
// CHECK-NEXT: mbarrier.expect_tx.relaxed.cta.shared.b64 [[[B]]], 2048;
// SPLIT-NEXT: fence.release.cluster;
// WIDE-NEXT: fence.acq_rel.cluster;
// CHECK-NEXT: mbarrier.expect_tx.relaxed.cluster.shared.b64 [[[B]]], 512;
// CHECK-NEXT: mbarrier.expect_tx.relaxed.cluster.shared.b64 [[[B]]], 256;
// complete_tx: release at cluster scope, then relaxed with the default scope written.
// SPLIT-NEXT: fence.release.cluster;
// WIDE-NEXT: fence.acq_rel.cluster;
// CHECK-NEXT: mbarrier.complete_tx.relaxed.cluster.shared.b64 [[[B]]], 128;
// CHECK-NEXT: mbarrier.complete_tx.relaxed.cta.shared.b64 [[[B]]], 32;
// Waits.
// CHECK-NEXT: mbarrier.try_wait.parity.acquire.cluster.shared.b64 %p{{[0-9]+}}, [[[B]]], [[PH]];
// CHECK-NEXT: mbarrier.test_wait.parity.shared.b64 %p{{[0-9]+}}, [[[B]]], [[PH]];
// CHECK-NEXT: [[L1:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: mbarrier.try_wait.parity.shared.b64 [[P1:%p[0-9]+]], [[[B]]], [[PH]];
// CHECK-NEXT: @![[P1]] bra [[L1]];
// CHECK-NEXT: [[L2:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: mbarrier.try_wait.parity.acquire.cluster.shared.b64 [[P2:%p[0-9]+]], [[[B]]], [[PH]];
// CHECK-NEXT: @![[P2]] bra [[L2]];
// CHECK-NEXT: mbarrier.inval.shared.b64 [[[B]]];
// CHECK-NEXT: ret;
// CHECK-NOT: fence
