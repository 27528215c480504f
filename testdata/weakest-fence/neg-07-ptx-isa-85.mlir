// NEGATIVE (weakest-fence must not use PTX 8.6 forms below PTX 8.6): with --ptx-isa 8.5 there is no
// `fence.acquire` / `fence.release` (they print as fence.acq_rel), no `sync_restrict` fence and no
// relaxed mbarrier arrive or wait. A rewrite that uses them would either not assemble or be widened
// back by the lowering to a form that costs more than what it replaced. The kernels:
// - p7_conservative (the megakernel flag of p07-gmem-flag.mlir): the fence.sc.gpu still goes, but the
//   ld.acquire.gpu spin stays (R9's relaxed spin + fence.acquire.gpu would need a fence.acq_rel.gpu,
//   a MEMBAR.ALL.GPU, after the loop);
// - p6_conservative_fence: fence.acq_rel.cluster goes (the release cluster arrive covers the
//   handoff), but the default `barrier.cluster.arrive` stays (R6+R4 needs the restricted fence);
// - p3_sol: the wait stays `try_wait.parity.acquire.cluster` (R4's relaxed wait + restricted
//   acquire fence needs 8.6; narrowing it to cta would miss the peer's st.async);
// - p5_release_acquire: the pull with a release.cluster remote arrive / acquire.cluster wait stays.
// The second RUN shows the same kernels on the default PTX ISA (8.6+), where the 8.6 forms appear.
// RUN: tilec %s --ptx-isa 8.5 --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s --ptx-isa 8.5 | FileCheck %s --implicit-check-not=fence.acquire --implicit-check-not=fence.release --implicit-check-not=sync_restrict --implicit-check-not=mbarrier.arrive.relaxed --implicit-check-not=try_wait.parity.relaxed --implicit-check-not=fence.sc
// RUN: tilec %s | FileCheck %s --check-prefix=ISA86

"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    %p = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %v = "nv_tileas.addi"(%tid, %c1) : (i32, i32) -> i32
    "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.elect"() ({
      "nv_tileas.st"(%flag, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.while"() ({
    %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
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
}) {sym_name = "p7_conservative", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %x = "nv_tileas.ld"(%rslot) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  // The exit barrier releases: the peer's reads of this CTA's shared memory happen before it exits.
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p6_conservative_fence", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 512 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p3_sol", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<relaxed>} : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  "nv_tileas.mbarrier_arrive"(%rbar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %x = "nv_tileas.ld"(%rslot) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  // The exit barrier releases: the peer's reads of this CTA's shared memory happen before it exits.
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p5_release_acquire", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// BASE: .version 8.5
// BASE-LABEL: .visible .entry p7_conservative(
// BASE: fence.sc.gpu;
// BASE: ld.acquire.gpu.global.u32
// BASE-LABEL: .visible .entry p6_conservative_fence(
// BASE: fence.acq_rel.cluster;
// BASE-NEXT: barrier.cluster.arrive.aligned;
// BASE-LABEL: .visible .entry p3_sol(
// BASE: mbarrier.try_wait.parity.acquire.cluster.shared.b64
// BASE-LABEL: .visible .entry p5_release_acquire(
// BASE: mbarrier.arrive.release.cluster.shared::cluster.b64
// BASE: mbarrier.try_wait.parity.acquire.cluster.shared.b64

// CHECK: .version 8.5
// CHECK-LABEL: .visible .entry p7_conservative(
// CHECK: st.global.u32
// CHECK-NEXT: bar.sync 0;
// CHECK: st.release.gpu.global.u32
// CHECK: ld.acquire.gpu.global.u32
// CHECK-LABEL: .visible .entry p6_conservative_fence(
// CHECK: st.shared.u32
// CHECK-NEXT: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-LABEL: .visible .entry p3_sol(
// CHECK: st.async.shared::cluster.mbarrier::complete_tx::bytes.b32
// CHECK-NEXT: [[L:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: mbarrier.try_wait.parity.acquire.cluster.shared.b64
// CHECK-LABEL: .visible .entry p5_release_acquire(
// CHECK: mbarrier.arrive.release.cluster.shared::cluster.b64
// CHECK: mbarrier.try_wait.parity.acquire.cluster.shared.b64
// CHECK: ret;

// ISA86: .version 8.6
// ISA86-LABEL: .visible .entry p7_conservative(
// ISA86: ld.relaxed.gpu.global.u32
// ISA86: fence.acquire.gpu;
// ISA86-LABEL: .visible .entry p6_conservative_fence(
// ISA86: fence.release.sync_restrict::shared::cta.cluster;
// ISA86-NEXT: barrier.cluster.arrive.relaxed.aligned;
// ISA86-LABEL: .visible .entry p3_sol(
// ISA86: mbarrier.try_wait.parity.relaxed.cluster.shared.b64
// ISA86: fence.acquire.sync_restrict::shared::cluster.cluster;
// ISA86-LABEL: .visible .entry p5_release_acquire(
// ISA86: fence.release.sync_restrict::shared::cta.cluster;
// ISA86-NEXT: mbarrier.arrive.relaxed.cluster.shared::cluster.b64
// ISA86: mbarrier.try_wait.parity.relaxed.cluster.shared.b64
// ISA86: fence.acquire.sync_restrict::shared::cluster.cluster;
