#!/usr/bin/env bash
# Every example that has a run spec through `tilec --emit nvvm-mlir`, `mlir-translate` and
# LLVM's NVPTX backend (llc -O2), and that PTX launched with tile-run on the GPU, the example's
# spec checking the results (docs/mlir-bridge.md). Two steps, as the GPU machine may have no LLVM:
#   bash tools/scripts/nvvm_e2e.sh build DIR [TARGET]   # needs tilec, mlir-22-tools, llvm-22
#   bash tools/scripts/nvvm_e2e.sh run DIR              # needs tile-run (--features cuda), a GPU
# An example `--emit nvvm-mlir` does not write yet is listed as skipped by `build`.
set -u
cd "$(dirname "$0")/../.."
mode=${1:?build or run}; dir=${2:?a folder}
case "$mode" in
build)
  target=${3:-sm_90a}; bin=${LLVM22_BIN:-/usr/lib/llvm-22/bin}
  mkdir -p "$dir"; n=0; skipped=0; bad=0
  for spec in testdata/examples/*.run.toml; do
    b=$(basename "$spec" .run.toml)
    [ -f "testdata/examples/$b.mlir" ] || continue   # a second spec of another example's kernel
    if ! tilec "testdata/examples/$b.mlir" --target "$target" --emit nvvm-mlir -o "$dir/$b.mlir" 2>/dev/null; then
      skipped=$((skipped+1)); echo "$b: skipped (not written by --emit nvvm-mlir yet)"; continue
    fi
    if "$bin/mlir-translate" --mlir-to-llvmir "$dir/$b.mlir" -o "$dir/$b.ll" &&
       "$bin/llc" -O2 -march=nvptx64 -mcpu="$target" -mattr=+ptx87 "$dir/$b.ll" -o "$dir/$b.ptx"; then
      n=$((n+1))
    else
      bad=$((bad+1)); echo "$b: FAILED to translate"
    fi
  done
  echo "built $n, $skipped skipped, $bad failed"; [ "$bad" = 0 ] ;;
run)
  ok=0; bad=0
  for p in "$dir"/*.ptx; do
    b=$(basename "$p" .ptx)
    if out=$(tile-run "testdata/examples/$b.mlir" --ptx "$p" 2>&1); then
      ok=$((ok+1)); echo "$b: ok"
    else
      bad=$((bad+1)); echo "$b: FAILED"; echo "$out" | tail -5
    fi
  done
  echo "LLVM-path PTX on the GPU: $ok ok, $bad failed"; [ "$bad" = 0 ] ;;
*) echo "usage: $0 build|run DIR [TARGET]" >&2; exit 2 ;;
esac
