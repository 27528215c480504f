// Inline-PTX helpers of the bench-sync references (docs/benchmarks.md): one function per PTX sync
// form, named after it, for the forms CUDA C++ has no intrinsic for. Each asm is volatile with a
// "memory" clobber, so the compiler keeps the data accesses of the kernels on their side of it.
// PTX forms and costs: shared/reference/ptx-sync-isa.md and ptxas-probe.md; the relaxed mbarrier
// ops, fence.acquire/.release and the sync_restrict fences need PTX 8.6 (nvcc 12.8 or later).
#pragma once
#include <cstdint>

namespace bs {

__device__ __forceinline__ uint32_t smem(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ uint32_t cluster_ctarank() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}

// The shared::cluster address of `addr` (a shared::cta address) in CTA `rank` of the cluster.
__device__ __forceinline__ uint32_t mapa(uint32_t addr, uint32_t rank) {
  uint32_t r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(addr), "r"(rank));
  return r;
}

// ---- mbarrier ------------------------------------------------------------------------------
__device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void fence_mbarrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
// Default semantics: release at cta scope.
__device__ __forceinline__ void mbar_arrive(uint32_t bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx(uint32_t bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes)
               : "memory");
}
// A relaxed arrive on a peer CTA's barrier (`bar` from mapa).
__device__ __forceinline__ void mbar_arrive_remote_relaxed(uint32_t bar) {
  asm volatile("mbarrier.arrive.relaxed.cluster.shared::cluster.b64 _, [%0];" ::"r"(bar)
               : "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx_remote_relaxed(uint32_t bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.relaxed.cluster.shared::cluster.b64 _, [%0], %1;" ::"r"(
                   bar),
               "r"(bytes)
               : "memory");
}
// Blocking waits on the phase of parity `ph`.
__device__ __forceinline__ void mbar_wait(uint32_t bar, uint32_t ph) {  // acquire.cta
  uint32_t done;
  do {
    asm volatile(
        "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
        : "=r"(done)
        : "r"(bar), "r"(ph)
        : "memory");
  } while (!done);
}
__device__ __forceinline__ void mbar_wait_relaxed_cluster(uint32_t bar, uint32_t ph) {
  uint32_t done;
  do {
    asm volatile(
        "{ .reg .pred p; mbarrier.try_wait.parity.relaxed.cluster.shared::cta.b64 p, [%1], %2; "
        "selp.u32 %0, 1, 0, p; }"
        : "=r"(done)
        : "r"(bar), "r"(ph)
        : "memory");
  } while (!done);
}

// ---- fences --------------------------------------------------------------------------------
__device__ __forceinline__ void fence_release_cluster() {
  asm volatile("fence.release.cluster;" ::: "memory");
}
__device__ __forceinline__ void fence_acquire_gpu() {
  asm volatile("fence.acquire.gpu;" ::: "memory");
}
// Orders only the thread's operations on its own CTA's shared memory (shared::cta).
__device__ __forceinline__ void fence_release_restrict_cta() {
  asm volatile("fence.release.sync_restrict::shared::cta.cluster;" ::: "memory");
}
// Orders only operations on shared::cluster (which contains the own CTA's shared memory).
__device__ __forceinline__ void fence_acquire_restrict_cluster() {
  asm volatile("fence.acquire.sync_restrict::shared::cluster.cluster;" ::: "memory");
}
__device__ __forceinline__ void fence_proxy_async_shared_cta() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// ---- cluster barrier -----------------------------------------------------------------------
__device__ __forceinline__ void cluster_arrive() {  // release
  asm volatile("barrier.cluster.arrive.aligned;" ::: "memory");
}
__device__ __forceinline__ void cluster_arrive_relaxed() {
  asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
}
__device__ __forceinline__ void cluster_wait() {  // acquire
  asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
}

// ---- data ----------------------------------------------------------------------------------
__device__ __forceinline__ int ld_shared_cluster(uint32_t addr) {
  int v;
  asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(addr) : "memory");
  return v;
}
// st.async of 4 bytes into a peer CTA's shared memory, completing on the peer's mbarrier.
__device__ __forceinline__ void st_async(uint32_t addr, int v, uint32_t bar) {
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];" ::"r"(
                   addr),
               "r"(v), "r"(bar)
               : "memory");
}
__device__ __forceinline__ int ld_relaxed_gpu(const int* p) {
  int v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void st_release_gpu(int* p, int v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
// A 1-D bulk copy global -> own shared memory, completing on `bar` (complete_tx of `bytes`).
__device__ __forceinline__ void bulk_copy_g2s(uint32_t dst, const void* src, uint32_t bytes,
                                              uint32_t bar) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
          dst),
      "l"(src), "r"(bytes), "r"(bar)
      : "memory");
}
// The mbarriers of a cluster ring: thread 0 initializes N full and N empty barriers of `count`
// arrivals each, fence.mbarrier_init and a cluster barrier publish them to the peer CTA.
template <int N>
__device__ __forceinline__ void init_cluster_ring(uint64_t (&full)[N], uint64_t (&empty)[N],
                                                  uint32_t count) {
  if (threadIdx.x == 0) {
    for (int j = 0; j < N; j++) {
      mbar_init(smem(&full[j]), count);
      mbar_init(smem(&empty[j]), count);
    }
    fence_mbarrier_init();
  }
  cluster_arrive_relaxed();
  cluster_wait();
}

}  // namespace bs
