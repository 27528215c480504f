// bench-sync reference for testdata/examples/flag_pingpong.mlir (docs/benchmarks.md): the same
// ping-pong of 2 CTAs through global memory (round i = 2k + bid, its 128 values in slot i & 1 of
// data, a flag counting the published rounds), with the cheapest sync the PTX ISA text justifies
// (SYNC-MODEL P7).
//   RAW (the producer's st.global -> the other CTA's ld.global): __syncthreads, then thread 0's
//       st.release.gpu of the flag (MEMBAR.ALL.GPU: data between CTAs needs gpu scope);
//       thread 0 spins with ld.relaxed.gpu, then fence.acquire.gpu (CCTL.IVALL once), then
//       __syncthreads.
//   WAR (the reads of slot s -> the other CTA's next write of it): the same two edges, one round
//       later: the reader's __syncthreads + release of its own round orders its reads before the
//       writer's acquire of that flag value.
// bench-sync variants: best
#include "sync.cuh"

extern "C" __global__ void __launch_bounds__(128)
    flag_pingpong(int* data, int* flag, int* ok, int n) {
  const int tid = threadIdx.x, bid = blockIdx.x;
  int count = 0;
  #pragma unroll 1  // one iteration in the SASS, as tilec emits it
  for (int k = 0; k < n; k++) {
    const int i = 2 * k + bid;
    if (tid == 0) {
      while (bs::ld_relaxed_gpu(flag) < i) {
      }
      bs::fence_acquire_gpu();
    }
    __syncthreads();
    const int x = data[((i - 1) & 1) * 128 + tid];
    count += x == (i - 1) * 128 + tid;
    data[(i & 1) * 128 + tid] = i * 128 + tid;
    __syncthreads();
    if (tid == 0) bs::st_release_gpu(flag, i + 1);
  }
  ok[bid * 128 + tid] = count;
}
