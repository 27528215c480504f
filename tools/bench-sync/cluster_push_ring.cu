// bench-sync reference for testdata/examples/cluster_push_ring.mlir (docs/benchmarks.md): the
// same 2-CTA push ring (each CTA fills 4 slots of 128 i32 in its peer; full/empty mbarrier per
// slot, count 128), with the cheapest sync the PTX ISA text justifies for both handoffs. A push
// ring is covered by the restricted forms in both directions (SYNC-MODEL §3.1):
//   RAW (st into the peer -> the peer's ld.shared::cta): st.async completing on the peer's full[s]
//       (release at cluster scope for the shared memory it writes) + relaxed remote
//       arrive.expect_tx of its 4 bytes (weakest-fence R4's form); relaxed wait +
//       fence.acquire.sync_restrict::shared::cluster.cluster.
//   WAR (ld.shared::cta of the own slot -> the peer's next st.async into it):
//       fence.release.sync_restrict::shared::cta.cluster + relaxed remote arrive on the peer's
//       empty[s]; relaxed wait + fence.acquire.sync_restrict::shared::cluster.cluster.
// bench-sync variants: best
#include "sync.cuh"

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128)
    cluster_push_ring(int* ok, int n) {
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
    // Push into the peer's slot once the peer has read round i-4 out of it.
    bs::mbar_wait_relaxed_cluster(bs::smem(&empty[s]), ph ^ 1);
    bs::fence_acquire_restrict_cluster();
    const uint32_t rfull = bs::mapa(bs::smem(&full[s]), peer);
    bs::st_async(bs::mapa(bs::smem(&ring[s][tid]), peer), (i * 256 + bid) * 128 + tid, rfull);
    bs::mbar_arrive_expect_tx_remote_relaxed(rfull, 4);
    // Consume the own slot the peer filled.
    bs::mbar_wait_relaxed_cluster(bs::smem(&full[s]), ph);
    bs::fence_acquire_restrict_cluster();
    const int x = ring[s][tid];
    count += x == (i * 256 + pbid) * 128 + tid;
    bs::fence_release_restrict_cta();
    bs::mbar_arrive_remote_relaxed(bs::mapa(bs::smem(&empty[s]), peer));
  }
  ok[bid * 128 + tid] = count;
  // The peer may still arrive on this CTA's barriers.
  bs::cluster_arrive();
  bs::cluster_wait();
}
