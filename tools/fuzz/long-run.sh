#!/usr/bin/env bash
# A long fuzz run of all five targets at once (docs/fuzzing.md, "Long runs"), and its summary:
# executions, crashes, inputs over the timeout and out-of-memory inputs per target.
#
#   bash tools/fuzz/long-run.sh [SECONDS] [FORKS_PER_TARGET] [BIN_DIR]
#
# SECONDS (default 420) is each target's -max_total_time; FORKS_PER_TARGET (default: the cores
# divided by four, at least 1) is libFuzzer's -fork. BIN_DIR holds the five target binaries
# (default: cargo-fuzz's release output; build them with
# `cargo +nightly fuzz build -O -s none --fuzz-dir tools/fuzz`). Inputs that crash, run over 1 s
# or take over 2 GB land in tools/fuzz/artifacts/<target>/ (git-ignored); the libFuzzer logs in
# tools/fuzz/logs/. Run from the repository root. Exits 1 when any target found something.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-420}
forks=${2:-$(($(nproc) / 4 > 0 ? $(nproc) / 4 : 1))}
bins=${3:-$root/tools/fuzz/target/x86_64-unknown-linux-gnu/release}
targets=(generic_parser cuda_tile_parser pipeline generated litmus)
bash "$root/tools/fuzz/seed-corpus.sh"
mkdir -p "$root/tools/fuzz/logs"
for t in "${targets[@]}"; do
  mkdir -p "$root/tools/fuzz/corpus/$t" "$root/tools/fuzz/artifacts/$t"
  "$bins/$t" "$root/tools/fuzz/corpus/$t" -fork="$forks" -timeout=1 -rss_limit_mb=2048 \
    -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -max_total_time="$secs" \
    -artifact_prefix="$root/tools/fuzz/artifacts/$t/" >"$root/tools/fuzz/logs/$t.log" 2>&1 &
done
wait
# The last status line of a fork-mode run: "#N: cov: … oom/timeout/crash: a/b/c time: …".
total=0
found=0
printf '| target | executions | out of memory | over 1 s | crashes |\n|---|---:|---:|---:|---:|\n'
for t in "${targets[@]}"; do
  last=$(grep -E '^#[0-9]+: cov:' "$root/tools/fuzz/logs/$t.log" | tail -1)
  runs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last")
  read -r oom tmo crash < <(sed -E 's|.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*|\1 \2 \3|' <<<"$last")
  printf '| `%s` | %s | %s | %s | %s |\n' "$t" "$runs" "$oom" "$tmo" "$crash"
  total=$((total + runs))
  found=$((found + oom + tmo + crash))
done
printf '| all | %s | | | %s found |\n' "$total" "$found"
[ "$found" -eq 0 ]
