#!/usr/bin/env bash
# Seeds the text targets' corpora (tools/fuzz/corpus/<target>/, git-ignored) from every .mlir under
# testdata/ (snapshots left out). `generated` starts from an empty corpus: its bytes are the
# generator's decisions, and libFuzzer grows them from nothing. Run from the repository root:
# bash tools/fuzz/seed-corpus.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
for target in generic_parser cuda_tile_parser pipeline; do
  dir="$root/tools/fuzz/corpus/$target"
  mkdir -p "$dir"
  find "$root/testdata" -name '*.mlir' -not -path '*/snapshots/*' | while read -r f; do
    rel=${f#"$root/testdata/"}
    cp "$f" "$dir/${rel//\//_}"
  done
done
# `litmus` from every PTX litmus test under testdata/litmus (Dat3M's, tilec's extensions, the rules).
mkdir -p "$root/tools/fuzz/corpus/litmus"
find "$root/testdata/litmus" -name '*.litmus' | while read -r f; do
  rel=${f#"$root/testdata/"}
  cp "$f" "$root/tools/fuzz/corpus/litmus/${rel//\//_}"
done
# `bytecode` from the Tile IR bytecode exports under testdata/bytecode.
mkdir -p "$root/tools/fuzz/corpus/bytecode"
cp "$root"/testdata/bytecode/*.tilebc "$root/tools/fuzz/corpus/bytecode/"
echo "seeded $(ls "$root/tools/fuzz/corpus/pipeline" | wc -l) files per target under tools/fuzz/corpus/"
