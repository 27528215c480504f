// lower-as-to-ptx + print-ptx, clusters: a kernel with cluster_dims gets `.explicitcluster` and `.reqnctapercluster`
// (none without); cluster_ctarank and cluster_id (dim 0..2) read %cluster_ctarank and
// %clusterid.x/y/z; mapa maps the own barrier to the peer's, and an mbarrier op on that
// shared_cluster pointer prints `.shared::cluster` (the space comes from the pointer type) with
// the sink `_`; the cluster barrier prints `.relaxed` only (release and acquire are its defaults)
// and `.aligned` (the whole CTA reaches it; as-to-ptx-cluster-aligned.mlir has the cases that do
// not). Remote arrivals and the explicit `.relaxed` are PTX 8.0: `.version 8.0`.
// The kernel is a catalogue of forms, not a whole race-free program (what verify-races, run by
// tilec on nv_tileas, checks: docs/verify-races.md), hence --no-verify-races on the runs that
// compile it.
// RUN: tilec %s --target sm_90a --no-verify-races | FileCheck %s
// RUN: not tilec %s --target sm_90 --ptx-isa 7.8 2>&1 | FileCheck %s --check-prefix=ISA78

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>, %n: i32):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %cx = "nv_tileas.cluster_id"() {dim = 0 : i32} : () -> i32
  %cy = "nv_tileas.cluster_id"() {dim = 1 : i32} : () -> i32
  %cz = "nv_tileas.cluster_id"() {dim = 2 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %other = "nv_tileas.xori"(%rank, %one) : (i32, i32) -> i32
  %peer = "nv_tileas.mapa"(%bar, %other) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence_mbarrier_init"() : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.mbarrier_arrive"(%peer) : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_arrive"(%peer) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_arrive"(%peer, %n) {mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cluster>, i32) -> ()
  "nv_tileas.mbarrier_arrive"(%peer) {tx_bytes = 4096 : i64, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_expect_tx"(%peer) {tx_bytes = 16 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_complete_tx"(%peer) {tx_bytes = 16 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "pair", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"nv_tileas.kernel"() ({
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "tall", num_threads = 64 : i32, cluster_dims = array<i32: 1, 4, 2>} : () -> ()

"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "plain", num_threads = 32 : i32} : () -> ()

// CHECK: .version 8.0
// CHECK-NEXT: .target sm_90a
// CHECK-LABEL: .visible .entry pair(
// CHECK: .reqntid 128, 1, 1
// CHECK-NEXT: .explicitcluster
// CHECK-NEXT: .reqnctapercluster 2, 1, 1
// CHECK-NEXT: {
// CHECK: ld.param.u32 [[N:%r[0-9]+]], [pair_param_1];
// CHECK-NEXT: mov.u32 [[B:%r[0-9]+]], __tilec_smem_0;
// CHECK-NEXT: mov.u32 [[RANK:%r[0-9]+]], %cluster_ctarank;
// CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %clusterid.x;
// CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %clusterid.y;
// CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %clusterid.z;
// CHECK-NEXT: mov.u32 [[ONE:%r[0-9]+]], 1;
// CHECK-NEXT: xor.b32 [[OTHER:%r[0-9]+]], [[RANK]], [[ONE]];
// CHECK-NEXT: mapa.shared::cluster.u32 [[P:%r[0-9]+]], [[B]], [[OTHER]];
// CHECK-NEXT: mbarrier.init.shared.b64 [[[B]]], [[N]];
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK-NEXT: barrier.cluster.arrive.relaxed.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NEXT: mbarrier.arrive.shared::cluster.b64 _, [[[P]]];
// CHECK-NEXT: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [[[P]]];
// CHECK-NEXT: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [[[P]]], [[N]];
// CHECK-NEXT: mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64 _, [[[P]]], 4096;
// CHECK-NEXT: mbarrier.expect_tx.relaxed.cluster.shared::cluster.b64 [[[P]]], 16;
// CHECK-NEXT: mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64 [[[P]]], 16;
// CHECK-NEXT: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NEXT: ret;
// CHECK-LABEL: .visible .entry tall()
// CHECK-NEXT: .reqntid 64, 1, 1
// CHECK-NEXT: .explicitcluster
// CHECK-NEXT: .reqnctapercluster 1, 4, 2
// CHECK-NEXT: {
// CHECK: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-LABEL: .visible .entry plain()
// CHECK-NEXT: .reqntid 32, 1, 1
// CHECK-NEXT: {

// At PTX 7.8 (sm_90) the cluster registers, mapa, `.reqnctapercluster` and the plain cluster
// barrier are fine; fence.mbarrier_init, the explicit `.relaxed`, the remote mbarrier ops and
// arrive.expect_tx (PTX 8.0) are not.
// ISA78: :25:3: error: 'fence_mbarrier_init' needs PTX ISA 8.0 (form 'fence.mbarrier_init'), but --ptx-isa is 7.8
// ISA78: :26:3: error: 'cluster_arrive' with semantic 'relaxed' needs PTX ISA 8.0 (form 'barrier.cluster.sem'), but --ptx-isa is 7.8
// ISA78: :28:3: error: 'mbarrier_arrive' on a peer CTA's barrier (shared_cluster) needs PTX ISA 8.0 (form 'mbarrier.remote'), but --ptx-isa is 7.8
// ISA78: :29:3: error: 'mbarrier_arrive' on a peer CTA's barrier
// ISA78: :30:3: error: 'mbarrier_arrive' on a peer CTA's barrier
// ISA78: :31:3: error: 'mbarrier_arrive' {{.*}} needs PTX ISA 8.0
// ISA78: :32:3: error: 'mbarrier_expect_tx' on a peer CTA's barrier (shared_cluster) needs PTX ISA 8.0 (form 'mbarrier.remote'), but --ptx-isa is 7.8
// ISA78: :33:3: error: 'mbarrier_complete_tx' on a peer CTA's barrier (shared_cluster) needs PTX ISA 8.0 (form 'mbarrier.remote'), but --ptx-isa is 7.8
// ISA78-NOT: error
