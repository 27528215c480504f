#!/usr/bin/env bash
# Every example that has a run spec, compiled three ways and launched on the GPU with its spec
# checking the results, then compared in SASS (docs/llvm-bridge.md, docs/mlir-bridge.md):
#   tilec/  tilec's own PTX;
#   mlir/   `tilec --emit nvvm-mlir` | mlir-translate | llc -O2 (when LLVM 22's tools are found);
#   llvm/   `tilec --backend llvm` (when tilec was built with the `llvm` feature).
# Three steps, as the GPU machine may have no LLVM:
#   bash tools/scripts/llvm_e2e.sh build DIR [TARGET]  # here: tilec (and LLVM 22's tools)
#   bash tools/scripts/llvm_e2e.sh run DIR             # GPU machine: tile-run (--features cuda)
#   bash tools/scripts/llvm_e2e.sh sass DIR [TARGET]   # ptxas and cuobjdump: a markdown table
# An example a path does not write yet is listed as skipped by `build`.
set -u
cd "$(dirname "$0")/../.."
mode=${1:?build, run or sass}; dir=${2:?a folder}
target=${3:-sm_90a}
# The synchronization SASS counted by `sass` (barriers, fences, atomics, mbarrier ops).
SYNC='(MEMBAR[A-Z.]*|ERRBAR|CCTL[A-Z.]*|BAR[A-Z.]*|ATOMG?[A-Z.]*|REDG?[A-Z.]*|SYNCS[A-Z.]*|UCGABAR[A-Z_.]*|FENCE[A-Z.]*)'
examples() {
  for spec in testdata/examples/*.run.toml; do
    b=$(basename "$spec" .run.toml)
    [ -f "testdata/examples/$b.mlir" ] && echo "$b"   # else a second spec of another kernel
  done
}
build() {
  local bin=${LLVM22_BIN:-/usr/lib/llvm-22/bin} b src n=0 skipped=0 bad=0
  mkdir -p "$dir/tilec" "$dir/mlir" "$dir/llvm"
  for b in $(examples); do
    src=testdata/examples/$b.mlir
    tilec "$src" --target "$target" -o "$dir/tilec/$b.ptx" || { bad=$((bad+1)); continue; }
    if [ -x "$bin/mlir-translate" ]; then
      if ! tilec "$src" --target "$target" --emit nvvm-mlir -o "$dir/mlir/$b.mlir" 2>/dev/null; then
        skipped=$((skipped+1)); echo "$b: mlir skipped (not written by --emit nvvm-mlir yet)"
      elif ! { "$bin/mlir-translate" --mlir-to-llvmir "$dir/mlir/$b.mlir" -o "$dir/mlir/$b.ll" &&
               "$bin/llc" -O2 -march=nvptx64 -mcpu="$target" -mattr=+ptx87 "$dir/mlir/$b.ll" -o "$dir/mlir/$b.ptx"; }; then
        bad=$((bad+1)); echo "$b: mlir FAILED"
      fi
    fi
    if ! tilec "$src" --target "$target" --emit llvm -o /dev/null 2>/dev/null; then
      skipped=$((skipped+1)); echo "$b: llvm skipped (not written by --emit llvm yet, or no llvm feature)"
    elif ! tilec "$src" --target "$target" --backend llvm -o "$dir/llvm/$b.ptx"; then
      bad=$((bad+1)); echo "$b: llvm FAILED"
    fi
    n=$((n+1))
  done
  echo "built $n examples ($(ls "$dir/mlir"/*.ptx 2>/dev/null | wc -l) through MLIR, $(ls "$dir/llvm"/*.ptx 2>/dev/null | wc -l) through inkwell), $skipped skipped, $bad failed"
  [ "$bad" = 0 ]
}
run() {
  local all=0 p b out path ok bad t
  for path in tilec mlir llvm; do
    ok=0; bad=0; : > "$dir/$path.times"
    for p in "$dir/$path"/*.ptx; do
      [ -f "$p" ] || continue
      b=$(basename "$p" .ptx)
      if out=$(timeout 120 tile-run "testdata/examples/$b.mlir" --ptx "$p" 2>&1); then
        ok=$((ok+1))
        t=$(echo "$out" | grep -o 'time median [0-9.]*' | tail -1 | awk '{print $3}')
        echo "$b ${t:-—}" >> "$dir/$path.times"
      else
        bad=$((bad+1)); echo "$path/$b: FAILED"; echo "$out" | tail -5
      fi
    done
    echo "$path: $ok correct, $bad failed"; all=$((all+bad))
  done
  # The median kernel time of each example on each path (µs, CUDA events; tile-run's spec).
  echo "| example | tilec µs | through MLIR µs | through inkwell µs |"
  echo "|---|---|---|---|"
  for b in $(awk '{print $1}' "$dir/tilec.times"); do
    echo "| $b | $(for path in tilec mlir llvm; do awk -v b="$b" '$1 == b {print $2}' "$dir/$path.times" | grep . || echo —; done | paste -sd'|' | sed 's/|/ | /g') |"
  done
  [ "$all" = 0 ]
}
# SASS of one PTX file: instructions without NOPs, one per line.
sass_of() {
  ptxas -arch="$target" "$1" -o "$1.cubin" || return 1
  cuobjdump -sass "$1.cubin" | grep -E '^\s+/\*[0-9a-f]{4}\*/' |
    sed 's/ *\/\* 0x[0-9a-f]* \*\///; s/^ *\/\*[0-9a-f]*\*\/ *//; s/ ;$//' | grep -v '^NOP'
}
# "NAME×COUNT …" of the sync SASS of a listing on stdin.
sync_of() {
  grep -oE "^(@!?U?P[0-9T] )?$SYNC" | sed 's/^@[^ ]* //' | sort | uniq -c | awk '{printf "%s×%s ", $2, $1}'
}
sass() {
  local b t path n s
  echo "| example | tilec | through MLIR | through inkwell | sync SASS |"
  echo "|---|---|---|---|---|"
  for t in "$dir"/tilec/*.ptx; do
    b=$(basename "$t" .ptx)
    local row="| $b" ref="" diff=""
    for path in tilec mlir llvm; do
      if [ -f "$dir/$path/$b.ptx" ] && sass_of "$dir/$path/$b.ptx" > "$dir/$path/$b.sass"; then
        n=$(wc -l < "$dir/$path/$b.sass"); s=$(sync_of < "$dir/$path/$b.sass")
        row="$row | $n"
        if [ "$path" = tilec ]; then ref=$s
        elif [ "$s" != "$ref" ]; then diff="$diff $path: ${s:-none};"; fi
      else
        row="$row | —"
      fi
    done
    if [ -n "$diff" ]; then row="$row | tilec: ${ref:-none};$diff"
    else row="$row | same: ${ref:-none}"; fi
    echo "$row |"
  done
}
case "$mode" in
build) build ;;
run) run ;;
sass) sass ;;
*) echo "usage: $0 build|run|sass DIR [TARGET]" >&2; exit 2 ;;
esac
