// Split and sync_restrict fences need PTX 8.6 (and sm_90). With a lower --ptx-isa, or on sm_80,
// lower-as-to-ptx widens them to the plain acq_rel fence of the same scope: stronger, never weaker.
// RUN: tilec %s --no-weakest-fence --target sm_90a | FileCheck %s --check-prefix=SPLIT
// RUN: tilec %s --no-weakest-fence --target sm_90a --ptx-isa 8.5 | FileCheck %s --check-prefix=WIDE
// RUN: not tilec %s --target sm_90a --ptx-isa 7.8 2>&1 | FileCheck %s --check-prefix=LOW

"nv_tileas.kernel"() ({
  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cluster>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "fences", num_threads = 64 : i32} : () -> ()

// SPLIT: .version 8.6
// SPLIT: fence.release.sync_restrict::shared::cta.cluster;
// SPLIT-NEXT: fence.acquire.sync_restrict::shared::cluster.cluster;
// SPLIT-NEXT: fence.acquire.gpu;

// WIDE: .version 8.5
// WIDE: fence.acq_rel.cluster;
// WIDE-NEXT: fence.acq_rel.cluster;
// WIDE-NEXT: fence.acq_rel.gpu;
// WIDE-NOT: sync_restrict

// LOW: error: --ptx-isa 7.8 is below PTX ISA 8.0, the first that knows sm_90a
