// bench-sync reference for testdata/examples/tma_pipeline.mlir (docs/benchmarks.md): the same
// warp-specialized pipeline (160 threads: warp 0 produces, warps 1..4 consume; 4 stages of 512
// bytes; full[s] count 1 + 512 tx bytes, empty[s] count 128), with the cheapest sync the PTX ISA
// text justifies for both handoffs. This is the CUTLASS mainloop's sync, plus one proxy fence.
//   RAW (the copy's async-proxy write -> consumers' generic reads): complete_tx ->
//       mbarrier.try_wait.parity at its default acquire.cta; no fence.
//   WAR (consumers' generic reads of stage s -> the next copy into it): mbarrier.arrive at its
//       default release.cta on empty[s] (no MEMBAR) -> the producer's try_wait (acquire.cta); the
//       ISA text asks for a proxy fence between accesses of one location through two proxies, so
//       the producer issues fence.proxy.async.shared::cta before the copy.
// bench-sync variants: best unfenced
//   best      as above
//   unfenced  no proxy fence before the copy, exactly the CUTLASS TMA pipeline: faster, but it
//             relies on more than the ISA text says about generic reads followed by async writes
#include "sync.cuh"

extern "C" __global__ void __launch_bounds__(160) tma_pipeline(const int* in, int* ok, int n) {
  __shared__ __align__(128) int ring[4][128];
  __shared__ __align__(8) uint64_t full[4], empty[4];
  const int tid = threadIdx.x, bid = blockIdx.x;
  if (tid == 0) {
    for (int j = 0; j < 4; j++) {
      bs::mbar_init(bs::smem(&full[j]), 1);
      bs::mbar_init(bs::smem(&empty[j]), 128);
    }
    bs::fence_mbarrier_init();
  }
  __syncthreads();
  if (tid == 0) {  // producer: one thread of warp 0
    #pragma unroll 1  // one iteration in the SASS, as tilec emits it
    for (int i = 0; i < n; i++) {
      const int s = i & 3;
      bs::mbar_wait(bs::smem(&empty[s]), ((i >> 2) & 1) ^ 1);
#ifndef BENCH_UNFENCED
      bs::fence_proxy_async_shared_cta();
#endif
      bs::mbar_arrive_expect_tx(bs::smem(&full[s]), 512);
      bs::bulk_copy_g2s(bs::smem(&ring[s][0]), in + ((i + bid) & 63) * 128, 512,
                        bs::smem(&full[s]));
    }
  } else if (tid >= 32) {  // consumers: warps 1..4
    const int c = tid - 32;
    int count = 0;
    #pragma unroll 1  // one iteration in the SASS, as tilec emits it
    for (int i = 0; i < n; i++) {
      const int s = i & 3;
      bs::mbar_wait(bs::smem(&full[s]), (i >> 2) & 1);
      const int x = ring[s][c];
      count += x == ((i + bid) & 63) * 128 + c;
      bs::mbar_arrive(bs::smem(&empty[s]));
    }
    ok[bid * 128 + c] = count;
  }
}
