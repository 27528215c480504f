// The host program of examples/cuda-link: loads the linked PTX (tilec's body and the CUDA C++
// kernel in one module) with the CUDA driver API, launches `publish_then_read` and checks every
// value. Build: nvcc host.cu -o host -lcuda. Run: ./host linked.ptx [CTAS].
#include <cuda.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CHECK(x)                                                                  \
  do {                                                                            \
    CUresult r = (x);                                                             \
    if (r != CUDA_SUCCESS) {                                                      \
      const char *s = nullptr;                                                    \
      cuGetErrorString(r, &s);                                                    \
      std::fprintf(stderr, "%s: %s\n", #x, s ? s : "?");                          \
      return 1;                                                                   \
    }                                                                             \
  } while (0)

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s linked.ptx [CTAS]\n", argv[0]);
    return 2;
  }
  std::ifstream f(argv[1]);
  std::stringstream ptx;
  ptx << f.rdbuf();
  int ctas = argc > 2 ? std::atoi(argv[2]) : 264;
  size_t n = 128 * size_t(ctas);
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction k;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuCtxCreate(&ctx, nullptr, 0, dev));
  CHECK(cuModuleLoadData(&mod, ptx.str().c_str()));
  CHECK(cuModuleGetFunction(&k, mod, "publish_then_read"));
  CUdeviceptr data, flag, out;
  CHECK(cuMemAlloc(&data, n * sizeof(float)));
  CHECK(cuMemAlloc(&out, n * sizeof(float)));
  CHECK(cuMemAlloc(&flag, sizeof(int)));
  CHECK(cuMemsetD32(data, 0, n));
  CHECK(cuMemsetD32(flag, 0, 1));
  void *args[] = {&data, &flag, &out};
  CHECK(cuLaunchKernel(k, ctas, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
  CHECK(cuCtxSynchronize());
  std::vector<float> got(n);
  int bumps = 0;
  CHECK(cuMemcpyDtoH(got.data(), out, n * sizeof(float)));
  CHECK(cuMemcpyDtoH(&bumps, flag, sizeof(int)));
  int bad = 0;
  for (size_t i = 0; i < n; i++) {
    float want = 2.0f + float(i % 128);
    if (got[i] != want && bad++ < 5)
      std::fprintf(stderr, "out[%zu] = %g, want %g\n", i, got[i], want);
  }
  if (bumps != ctas) {
    std::fprintf(stderr, "flag = %d, want %d\n", bumps, ctas);
    bad++;
  }
  std::printf("%s: %zu values and the flag (%d) checked, %d wrong\n", bad ? "FAILED" : "ok", n,
              bumps, bad);
  return bad != 0;
}
