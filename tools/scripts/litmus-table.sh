#!/bin/sh
# Regenerates the agreement tables of docs/litmus.md: every Dat3M PTX test under its model,
# with Dat3M's expected verdict, tilec's verdict and tilec's decision time (release build).
# Usage: tools/scripts/litmus-table.sh > /tmp/tables.md
set -e
cd "$(dirname "$0")/../.."
cargo build --release -q -p tilec-tools --bin tilec
D=testdata/litmus/dat3m
for m in 6_0 7_5; do
  model="ptx-v$(echo $m | tr _ .)"
  echo "### $model ($D/PTXv$m-expected.csv)"
  echo
  files=$(cut -d, -f1 "$D/PTXv$m-expected.csv" | grep . | sed "s|^|$D/|")
  # shellcheck disable=SC2086
  ./target/release/tilec litmus --model "$model" --table --time-total \
    --expected "$D/PTXv$m-expected.csv" $files | sed "s|$D/litmus/PTX/||"
  echo
done
