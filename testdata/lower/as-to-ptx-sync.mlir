// lower-as-to-ptx + print-ptx, one instruction per op: every one-to-one sync/async op of
// nv_tileas (the ONE_TO_ONE table of passes/src/lower/as_to_ptx/sync.rs, in its order; the
// tcgen05 family is in as-to-ptx-tcgen05.mlir) becomes its ptx op, keeping the attributes the
// table names, and prints as its PTX form. Defaults are not written: an arrive without a pair
// prints `mbarrier.arrive.shared.b64 _, [..]`, the cluster barrier neither `.release` nor
// `.acquire` (it is `.aligned`: the whole CTA reaches it, see as-to-ptx-cluster-aligned.mlir),
// waits no `.acquire.cta`. The mbarrier ops without `space` take it
// from the pointer type. The highest form is st.async / red.async (PTX 8.1), so `.version 8.1`.
// The kernel is a catalogue of forms, not a whole race-free program (what verify-races, run by
// tilec on nv_tileas, checks: docs/verify-races.md), hence --no-verify-races on the runs that
// compile it.
// RUN: tilec %s --target sm_90a --no-verify-races | FileCheck %s
// RUN: tilec %s --target sm_90a --emit ptx-ir --no-verify-races | FileCheck %s --check-prefix=IR

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %n: i32, %rank: i32, %v: i32):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  "nv_tileas.fence_proxy_async"() : () -> ()
  "nv_tileas.fence_proxy_async"() {space = #mem.space<global>} : () -> ()
  "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cluster>} : () -> ()
  "nv_tileas.fence_mbarrier_init"() : () -> ()
  "nv_tileas.barrier_arrive"() {id = 1 : i32, count = 64 : i32} : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.mbarrier_inval"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_arrive_drop"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.mbarrier_complete_tx"(%bar) {tx_bytes = 16 : i64, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>) -> ()
  %ok = "nv_tileas.mbarrier_try_wait"(%bar, %ph) {space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  %ok2 = "nv_tileas.mbarrier_test_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  %pbuf = "nv_tileas.mapa"(%buf, %rank) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %pbar = "nv_tileas.mapa"(%bar, %rank) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  "nv_tileas.st_async"(%pbuf, %v, %pbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.red_async"(%pbuf, %v, %pbar) {kind = #mem.rmw<add>} : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.bulk_copy_g2s"(%buf, %g, %bar) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.bulk_copy_s2g"(%g, %buf) {bytes = 256 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.bulk_commit"() : () -> ()
  "nv_tileas.bulk_wait"() {pending = 0 : i32} : () -> ()
  "nv_tileas.bulk_wait"() {pending = 1 : i32, read} : () -> ()
  "nv_tileas.wgmma_fence"() : () -> ()
  "nv_tileas.wgmma_commit"() : () -> ()
  "nv_tileas.wgmma_wait"() {pending = 1 : i32} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "sync_ops", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// CHECK: .version 8.1
// CHECK-NEXT: .target sm_90a
// CHECK-LABEL: .visible .entry sync_ops(
// CHECK: .reqntid 128, 1, 1
// CHECK-NEXT: .explicitcluster
// CHECK-NEXT: .reqnctapercluster 2, 1, 1
// CHECK: ld.param.u64 [[RD:%rd[0-9]+]], [sync_ops_param_0];
// CHECK-NEXT: cvta.to.global.u64 [[G:%rd[0-9]+]], [[RD]];
// CHECK-NEXT: ld.param.u32 [[N:%r[0-9]+]], [sync_ops_param_1];
// CHECK-NEXT: ld.param.u32 [[RANK:%r[0-9]+]], [sync_ops_param_2];
// CHECK-NEXT: ld.param.u32 [[V:%r[0-9]+]], [sync_ops_param_3];
// CHECK-NEXT: mov.u32 [[BAR:%r[0-9]+]], __tilec_smem_0;
// CHECK-NEXT: mov.u32 [[BUF:%r[0-9]+]], __tilec_smem_1;
// CHECK-NEXT: mov.u32 [[PH:%r[0-9]+]], 0;
// CHECK-NEXT: fence.proxy.async;
// CHECK-NEXT: fence.proxy.async.global;
// CHECK-NEXT: fence.proxy.async.shared::cta;
// CHECK-NEXT: fence.proxy.async.shared::cluster;
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK-NEXT: bar.arrive 1, 64;
// CHECK-NEXT: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-NEXT: mbarrier.init.shared.b64 [[[BAR]]], [[N]];
// CHECK-NEXT: mbarrier.inval.shared.b64 [[[BAR]]];
// CHECK-NEXT: mbarrier.arrive.shared.b64 _, [[[BAR]]];
// CHECK-NEXT: mbarrier.arrive_drop.shared.b64 _, [[[BAR]]];
// CHECK-NEXT: mbarrier.expect_tx.relaxed.cta.shared.b64 [[[BAR]]], 4096;
// CHECK-NEXT: mbarrier.complete_tx.relaxed.cluster.shared.b64 [[[BAR]]], 16;
// CHECK-NEXT: mbarrier.try_wait.parity.shared.b64 %p{{[0-9]+}}, [[[BAR]]], [[PH]];
// CHECK-NEXT: mbarrier.test_wait.parity.shared.b64 %p{{[0-9]+}}, [[[BAR]]], [[PH]];
// CHECK-NEXT: mapa.shared::cluster.u32 [[PBUF:%r[0-9]+]], [[BUF]], [[RANK]];
// CHECK-NEXT: mapa.shared::cluster.u32 [[PBAR:%r[0-9]+]], [[BAR]], [[RANK]];
// CHECK-NEXT: st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [[[PBUF]]], [[V]], [[[PBAR]]];
// CHECK-NEXT: red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [[[PBUF]]], [[V]], [[[PBAR]]];
// CHECK-NEXT: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [[[BUF]]], [[[G]]], 4096, [[[BAR]]];
// CHECK-NEXT: cp.async.bulk.global.shared::cta.bulk_group [[[G]]], [[[BUF]]], 256;
// CHECK-NEXT: cp.async.bulk.commit_group;
// CHECK-NEXT: cp.async.bulk.wait_group 0;
// CHECK-NEXT: cp.async.bulk.wait_group.read 1;
// CHECK-NEXT: wgmma.fence.sync.aligned;
// CHECK-NEXT: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 1;
// CHECK-NEXT: ret;

// The ptx ops and the attributes each keeps: the cluster barrier drops its scope; the mbarrier
// updates carry `space` (from the pointer type where the op omits it); the single waits keep
// only their pair (no `space`: they are own-CTA only); mapa, st_async, init, inval none.
// IR: "ptx.fence_proxy_async"() : () -> ()
// IR-NEXT: "ptx.fence_proxy_async"() {space = #mem.space<global>} : () -> ()
// IR-NEXT: "ptx.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
// IR-NEXT: "ptx.fence_proxy_async"() {space = #mem.space<shared_cluster>} : () -> ()
// IR-NEXT: "ptx.fence_mbarrier_init"() : () -> ()
// IR-NEXT: "ptx.bar_arrive"() {id = 1 : i32, count = 64 : i32} : () -> ()
// IR-NEXT: "ptx.barrier_cluster_arrive"() {mem_semantic = #mem.sem<release>, aligned} : () -> ()
// IR-NEXT: "ptx.barrier_cluster_wait"() {mem_semantic = #mem.sem<acquire>, aligned} : () -> ()
// IR-NEXT: "ptx.mbarrier_init"([[BAR:%[0-9]+]], {{%[0-9]+}}) : (i32, i32) -> ()
// IR-NEXT: "ptx.mbarrier_inval"([[BAR]]) : (i32) -> ()
// IR-NEXT: "ptx.mbarrier_arrive"([[BAR]]) {space = #mem.space<shared_cta>} : (i32) -> ()
// IR-NEXT: "ptx.mbarrier_arrive_drop"([[BAR]]) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (i32) -> ()
// IR-NEXT: "ptx.mbarrier_expect_tx"([[BAR]]) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>, tx_bytes = 4096 : i64, space = #mem.space<shared_cta>} : (i32) -> ()
// IR-NEXT: "ptx.mbarrier_complete_tx"([[BAR]]) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, tx_bytes = 16 : i64, space = #mem.space<shared_cta>} : (i32) -> ()
// IR-NEXT: {{%[0-9]+}} = "ptx.mbarrier_try_wait"([[BAR]], [[PH:%[0-9]+]]) : (i32, i32) -> i1
// IR-NEXT: {{%[0-9]+}} = "ptx.mbarrier_test_wait"([[BAR]], [[PH]]) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (i32, i32) -> i1
// IR-NEXT: [[PBUF:%[0-9]+]] = "ptx.mapa"({{%[0-9]+}}, {{%[0-9]+}}) : (i32, i32) -> i32
// IR-NEXT: [[PBAR:%[0-9]+]] = "ptx.mapa"([[BAR]], {{%[0-9]+}}) : (i32, i32) -> i32
// IR-NEXT: "ptx.st_async"([[PBUF]], {{%[0-9]+}}, [[PBAR]]) : (i32, i32, i32) -> ()
// IR-NEXT: "ptx.red_async"([[PBUF]], {{%[0-9]+}}, [[PBAR]]) {kind = #mem.rmw<add>} : (i32, i32, i32) -> ()
// IR-NEXT: "ptx.cp_async_bulk_g2s"({{%[0-9]+}}, {{%[0-9]+}}, [[BAR]]) {bytes = 4096 : i64} : (i32, i64, i32) -> ()
// IR-NEXT: "ptx.cp_async_bulk_s2g"({{%[0-9]+}}, {{%[0-9]+}}) {bytes = 256 : i64} : (i64, i32) -> ()
// IR-NEXT: "ptx.cp_async_bulk_commit"() : () -> ()
// IR-NEXT: "ptx.cp_async_bulk_wait"() {pending = 0 : i32} : () -> ()
// IR-NEXT: "ptx.cp_async_bulk_wait"() {pending = 1 : i32, read} : () -> ()
// IR-NEXT: "ptx.wgmma_fence"() : () -> ()
// IR-NEXT: "ptx.wgmma_commit"() : () -> ()
// IR-NEXT: "ptx.wgmma_wait"() {pending = 1 : i32} : () -> ()
// IR-NEXT: "ptx.ret"() : () -> ()
// IR: cluster_dims = array<i32: 2, 1, 1>
