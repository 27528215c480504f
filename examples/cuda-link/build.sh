#!/usr/bin/env bash
# examples/cuda-link: tilec's LLVM IR linked with CUDA C++ device code into one PTX module.
#   bash examples/cuda-link/build.sh OUT [TARGET]
# Needs tilec built with `--features llvm`, clang-22, llvm-link-22 and llc-22 (Debian:
# clang-22 llvm-22), and ptxas to check the result. Writes OUT/linked.ptx; host.cu launches it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?an output folder}; target=${2:-sm_90a}
bin=${LLVM22_BIN:-/usr/lib/llvm-22/bin}
mkdir -p "$out"
# 1. tilec's kernel as a device function, in LLVM IR.
tilec "$here/producer.mlir" --target "$target" --emit llvm --device-functions -o "$out/producer.ll"
# 2. The CUDA C++ device code, in LLVM IR (device side only, no CUDA installation needed).
"$bin/clang" -x cuda --cuda-device-only --cuda-gpu-arch="$target" -nocudainc -nocudalib -Wno-unknown-cuda-version -O2 \
  -emit-llvm -S "$here/device.cu" -o "$out/device.ll"
# 3. One module, optimized as one (tilec's body is inlined into the kernel; its inline-asm
#    statements are convergent, so no barrier is duplicated into divergent paths), then PTX
#    (PTX ISA 8.7 covers every form tilec writes for sm_90a).
"$bin/llvm-link" "$out/device.ll" "$out/producer.ll" -o "$out/linked.bc"
"$bin/opt" -O2 "$out/linked.bc" -o "$out/linked.opt.bc"
"$bin/llc" -O2 -mcpu="$target" -mattr=+ptx87 "$out/linked.opt.bc" -o "$out/linked.ptx"
# 4. ptxas accepts it.
ptxas -arch="$target" "$out/linked.ptx" -o "$out/linked.cubin"
echo "wrote $out/linked.ptx"
