// bench-sync reference for testdata/examples/bulk_copy_ring.mlir (docs/benchmarks.md): the same
// bulk-copy ring (4 slots of 512 bytes, full mbarrier per slot with count 1 + 512 tx bytes, all
// 128 threads read, a CTA barrier before thread 0 refills a slot), with the cheapest sync the PTX
// ISA text justifies for both handoffs.
//   RAW (the copy's async-proxy write -> generic reads): complete_tx -> mbarrier.try_wait.parity
//       at its default acquire.cta; completion implies the generic-async proxy fence, so no fence.
//   WAR (generic reads of slot s -> the async-proxy write of the next copy into it): __syncthreads
//       orders the reads before thread 0's copy in the generic proxy; the ISA text asks for a proxy
//       fence between accesses of one location through two proxies, so thread 0 issues
//       fence.proxy.async.shared::cta before the copy (MEMBAR.ALL.CTA + FENCE.VIEW.ASYNC.S, one
//       thread).
// bench-sync variants: best unfenced
//   best      as above
//   unfenced  no proxy fence before the refill, as the CUTLASS TMA pipelines do: faster, but it
//             relies on more than the ISA text says about generic reads followed by async writes
#include "sync.cuh"

extern "C" __global__ void __launch_bounds__(128) bulk_copy_ring(const int* in, int* ok, int n) {
  __shared__ __align__(128) int ring[4][128];
  __shared__ __align__(8) uint64_t full[4];
  const int tid = threadIdx.x, bid = blockIdx.x;
  if (tid == 0) {
    for (int j = 0; j < 4; j++) bs::mbar_init(bs::smem(&full[j]), 1);
    bs::fence_mbarrier_init();
  }
  __syncthreads();
  if (tid == 0) {
    for (int j = 0; j < 4; j++) {  // rounds 0..3 in flight (n >= 4)
      bs::mbar_arrive_expect_tx(bs::smem(&full[j]), 512);
      bs::bulk_copy_g2s(bs::smem(&ring[j][0]), in + ((j + bid) & 63) * 128, 512,
                        bs::smem(&full[j]));
    }
  }
  int count = 0;
  #pragma unroll 1  // one iteration in the SASS, as tilec emits it
  for (int i = 0; i < n; i++) {
    const int s = i & 3;
    bs::mbar_wait(bs::smem(&full[s]), (i >> 2) & 1);
    const int x = ring[s][tid];
    count += x == ((i + bid) & 63) * 128 + tid;
    __syncthreads();  // every thread has read slot s
    if (tid == 0 && i + 4 < n) {
#ifndef BENCH_UNFENCED
      bs::fence_proxy_async_shared_cta();
#endif
      bs::mbar_arrive_expect_tx(bs::smem(&full[s]), 512);
      bs::bulk_copy_g2s(bs::smem(&ring[s][0]), in + ((i + 4 + bid) & 63) * 128, 512,
                        bs::smem(&full[s]));
    }
  }
  ok[bid * 128 + tid] = count;
}
