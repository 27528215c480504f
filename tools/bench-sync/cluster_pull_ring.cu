// bench-sync reference for testdata/examples/cluster_pull_ring.mlir (docs/benchmarks.md): the
// same 2-CTA pull ring (4 slots of 128 i32, full/empty mbarrier per slot, count 128, every thread
// arrives remotely), with the cheapest sync the PTX ISA text justifies for both handoffs.
//   RAW (own st.shared::cta -> peer's ld.shared::cluster): fence.release.sync_restrict::shared::cta
//       + relaxed remote arrive on the peer's full[s]; relaxed wait + fence.acquire.sync_restrict::
//       shared::cluster (no MEMBAR, no CCTL).
//   WAR (ld.shared::cluster of the PEER's slot -> the peer's next st of it): the restricted release
//       orders only the own CTA's shared memory (SYNC-MODEL §3.1), so the reads are released with
//       fence.release.cluster (MEMBAR.ALL.GPU) before the relaxed arrive on the peer's empty[s];
//       the peer's relaxed wait + fence.acquire.sync_restrict::shared::cluster.
// bench-sync variants: best unjustified
//   best         as above
//   unjustified  the WAR release is the restricted fence too: faster, but the PTX text does not
//                say it orders reads of another CTA's shared memory
#include "sync.cuh"

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128)
    cluster_pull_ring(int* ok, int n) {
  __shared__ __align__(16) int ring[4][128];
  __shared__ __align__(8) uint64_t full[4], empty[4];
  const int tid = threadIdx.x, bid = blockIdx.x, pbid = bid ^ 1;
  const uint32_t peer = bs::cluster_ctarank() ^ 1;
  bs::init_cluster_ring(full, empty, 128);
  int count = 0;
  #pragma unroll 1  // one iteration in the SASS, as tilec emits it
  for (int i = 0; i < n; i++) {
    const int s = i & 3;
    const uint32_t ph = (i >> 2) & 1;
    // Produce into the own slot once the peer has read round i-4 out of it.
    bs::mbar_wait_relaxed_cluster(bs::smem(&empty[s]), ph ^ 1);
    bs::fence_acquire_restrict_cluster();
    ring[s][tid] = (i * 256 + bid) * 128 + tid;
    bs::fence_release_restrict_cta();
    bs::mbar_arrive_remote_relaxed(bs::mapa(bs::smem(&full[s]), peer));
    // Consume the peer's slot.
    bs::mbar_wait_relaxed_cluster(bs::smem(&full[s]), ph);
    bs::fence_acquire_restrict_cluster();
    const int x = bs::ld_shared_cluster(bs::mapa(bs::smem(&ring[s][tid]), peer));
    count += x == (i * 256 + pbid) * 128 + tid;
#ifdef BENCH_UNJUSTIFIED
    bs::fence_release_restrict_cta();
#else
    bs::fence_release_cluster();
#endif
    bs::mbar_arrive_remote_relaxed(bs::mapa(bs::smem(&empty[s]), peer));
  }
  ok[bid * 128 + tid] = count;
  // The peer may still read this CTA's ring and arrive on its barriers.
  bs::cluster_arrive();
  bs::cluster_wait();
}
