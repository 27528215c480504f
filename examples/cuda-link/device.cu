// The CUDA C++ half of examples/cuda-link: a kernel that calls tilec's `producer` body as a
// device function, then reads what it wrote. Compiled by clang for the device only, without the
// CUDA headers (-nocudainc): the attributes and builtins below are clang's own.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __launch_bounds__(n) __attribute__((launch_bounds(n)))

// tilec's kernel body (`tilec producer.mlir --emit llvm --device-functions`): every thread of a
// 128-thread CTA calls it; addresses are 64-bit integers, as in tilec's PTX.
extern "C" __device__ void producer(unsigned long long data, unsigned long long flag);

// Each CTA: tilec's body fills its 128 floats and bumps `flag` (release, gpu scope); after a CTA
// barrier each thread reads its neighbour's float, so the check sees the body's stores from
// another thread.
extern "C" __global__ void __launch_bounds__(128)
    publish_then_read(float *data, int *flag, float *out) {
  unsigned tid = __nvvm_read_ptx_sreg_tid_x();
  unsigned cta = __nvvm_read_ptx_sreg_ctaid_x();
  float *mine = data + 128 * cta;
  producer((unsigned long long)mine, (unsigned long long)flag);
  __nvvm_bar_sync(0);
  out[128 * cta + tid] = mine[(tid + 1) % 128] * 2.0f + (float)tid;
}
