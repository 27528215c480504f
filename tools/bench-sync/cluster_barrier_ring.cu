// bench-sync reference for testdata/examples/cluster_barrier_ring.mlir (docs/benchmarks.md): the
// same 2-CTA pull ring (4 slots of 128 i32) synchronized by one cluster barrier per round, with
// the cheapest sync the PTX ISA text justifies for both handoffs.
//   RAW (own st.shared::cta of round i -> peer's ld.shared::cluster of round i, barrier i):
//       fence.release.sync_restrict::shared::cta.cluster + barrier.cluster.arrive.relaxed, then
//       barrier.cluster.wait (acquire).
//   WAR (ld.shared::cluster of the PEER's slot in round i -> the peer's st of it in round i+4):
//       the restricted release does not order reads of another CTA's shared memory (SYNC-MODEL
//       §3.1), so one of the barriers of rounds i+1..i+3 must release them at cluster scope:
//       fence.release.cluster (MEMBAR.ALL.GPU) before the arrive of every third round.
// bench-sync variants: best unjustified
//   best         as above: MEMBAR.ALL.GPU in one round of three
//   unjustified  the restricted release in every round: faster, but the PTX text does not say it
//                orders reads of another CTA's shared memory
#include "sync.cuh"

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128)
    cluster_barrier_ring(int* ok, int n) {
  __shared__ __align__(16) int ring[4][128];
  const int tid = threadIdx.x, bid = blockIdx.x, pbid = bid ^ 1;
  const uint32_t peer = bs::cluster_ctarank() ^ 1;
  int count = 0;
#ifndef BENCH_UNJUSTIFIED
  int war = 0;  // i mod 3, without a division
#endif
  #pragma unroll 1  // one iteration in the SASS, as tilec emits it
  for (int i = 0; i < n; i++) {
    const int s = i & 3;
    ring[s][tid] = (i * 256 + bid) * 128 + tid;
#ifdef BENCH_UNJUSTIFIED
    bs::fence_release_restrict_cta();
#else
    if (war == 0)
      bs::fence_release_cluster();  // also releases the reads of rounds i-3..i-1
    else
      bs::fence_release_restrict_cta();
    war = war == 2 ? 0 : war + 1;
#endif
    bs::cluster_arrive_relaxed();
    bs::cluster_wait();
    const int x = bs::ld_shared_cluster(bs::mapa(bs::smem(&ring[s][tid]), peer));
    count += x == (i * 256 + pbid) * 128 + tid;
  }
  ok[bid * 128 + tid] = count;
  // The peer may still read this CTA's ring.
  bs::cluster_arrive();
  bs::cluster_wait();
}
