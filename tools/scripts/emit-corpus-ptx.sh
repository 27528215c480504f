#!/usr/bin/env bash
# Compile every .mlir under the given testdata folders to PTX (one .ptx per file that compiles
# with `tilec --emit ptx`); files that are expected to fail (diagnostic tests) are skipped.
# Usage: tools/scripts/emit-corpus-ptx.sh OUTDIR [TESTDATA_DIRS...]   (default: testdata)
set -uo pipefail
out=${1:?usage: emit-corpus-ptx.sh OUTDIR [DIRS...]}
shift
dirs=("${@:-testdata}")
tilec=${TILEC:-target/debug/tilec}
mkdir -p "$out"
n=0
while IFS= read -r f; do
  grep -q 'expected-error' "$f" && continue
  # A test's own --target wins (the first one on a tilec RUN line).
  target=$(grep -o -- '--target sm_[0-9a-z]*' "$f" | head -1 | awk '{print $2}')
  target=${target:-sm_90a}
  # Lowering tests of isolated forms skip the race checks; so does their PTX here.
  extra=()
  grep -q -- '--no-verify-races' "$f" && extra=(--no-verify-races)
  # So does its --ptx-isa (the first one on a tilec RUN line).
  isa=$(grep -o -- '--ptx-isa [0-9.]*' "$f" | head -1 | awk '{print $2}')
  [ -n "$isa" ] && extra+=(--ptx-isa "$isa")
  name=$(echo "${f#./}" | tr '/' '_' | sed 's/\.mlir$//')
  if "$tilec" "$f" --target "$target" "${extra[@]}" -o "$out/$name.ptx" 2>/dev/null; then
    n=$((n + 1))
  else
    rm -f "$out/$name.ptx"
  fi
done < <(find "${dirs[@]}" -name '*.mlir' -not -path '*/snapshots/*' | sort)
echo "emitted $n PTX files into $out"
