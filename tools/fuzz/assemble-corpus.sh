#!/usr/bin/env bash
# Assembles the PTX of every fuzz-corpus input that tilec compiles (docs/fuzzing.md): the
# `pipeline` corpus as text, the `generated` corpus through `tile-gen --bytes`. Prints how many
# inputs compiled and how many of those ptxas accepted; lists each rejected one; exits 1 when
# ptxas rejected any.
#
#   bash tools/fuzz/assemble-corpus.sh [BIN_DIR]
#
# BIN_DIR holds release builds of `tilec` and `tile-gen` (default target/release); ptxas is
# $TILEC_PTXAS or the one on PATH. Run from the repository root after a fuzz run
# (tools/fuzz/long-run.sh) has grown tools/fuzz/corpus/.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bins=${1:-$root/target/release}
ptxas=${TILEC_PTXAS:-$(command -v ptxas)}
[ -x "$ptxas" ] || { echo "no ptxas (set TILEC_PTXAS or put it on PATH)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
check() { # NAME FILE: compile FILE, assemble the PTX when it compiled
  local name=$1 file=$2
  "$bins/tilec" "$file" --target sm_90a -o "$work/k.ptx" 2>/dev/null || return 1
  if ! "$ptxas" -arch=sm_90a "$work/k.ptx" -o /dev/null 2>"$work/err"; then
    echo "ptxas rejects the PTX of $name: $(head -c 300 "$work/err")"
    return 2
  fi
}
for target in pipeline generated; do
  compiled=0 rejected=0 inputs=0
  for f in "$root/tools/fuzz/corpus/$target"/*; do
    [ -f "$f" ] || continue
    inputs=$((inputs + 1))
    if [ "$target" = generated ]; then
      "$bins/tile-gen" --bytes "$f" >"$work/g.mlir" 2>/dev/null || continue
      src=$work/g.mlir
    else
      src=$f
    fi
    check "$target/$(basename "$f")" "$src"
    case $? in
      0) compiled=$((compiled + 1)) ;;
      2) compiled=$((compiled + 1)) rejected=$((rejected + 1)) status=1 ;;
    esac
  done
  echo "$target: $inputs inputs, $compiled compiled to PTX, ptxas accepted $((compiled - rejected)) of $compiled"
done
exit $status
