#!/usr/bin/env bash
# bench-sync: the loop examples of testdata/examples (issue 13) against hand-written CUDA
# references (tools/bench-sync/*.cu), on a GPU machine with the CUDA toolkit. docs/benchmarks.md
# describes what is measured and records the results.
#
# For each pattern it runs tile-run (built with --features cuda) on
#   - the example compiled by tilec as is (default pipeline: weakest-fence on),
#   - the example compiled with --no-weakest-fence (the conservative baseline),
#   - the example compiled with --no-verify-races, only when verify-races rejects it (then
#     neither of the two above compiles; this is the kernel as written),
#   - each variant of the reference (`// bench-sync variants: …` in the .cu, compiled with
#     nvcc -DBENCH_<VARIANT>), whose PTX tile-run loads with the example's own spec,
# every one checked by the spec (every value of every round) and timed by it; then assembles the
# PTX of each with ptxas and counts the sync instructions of its SASS (cuobjdump -sass).
#
# Prints one markdown table; logs, PTX, cubins and SASS go to $WORK.
#
#   tools/scripts/bench-sync.sh                       # from the repository root
#   TILE_RUN=… EXAMPLES=… REFS=… WORK=… tools/scripts/bench-sync.sh
#
# Exit status: 0 when every run passed its checks (a kernel verify-races rejects is reported, not
# a failure), 1 otherwise.
set -u

TILE_RUN=${TILE_RUN:-target/release/tile-run}
EXAMPLES=${EXAMPLES:-testdata/examples}
REFS=${REFS:-tools/bench-sync}
WORK=${WORK:-${TMPDIR:-/tmp}/bench-sync}
NVCC=${NVCC:-nvcc}
PTXAS=${PTXAS:-ptxas}
CUOBJDUMP=${CUOBJDUMP:-cuobjdump}
ARCH=${ARCH:-sm_90a}
# Seconds one tile-run may take in all (its spec's timeout_s bounds each launch).
RUN_LIMIT=${RUN_LIMIT:-300}

# pattern:handoffs per launch (the rounds each spec asks for: n = 20000, or 2n = 20000 rounds of
# the ping-pong's two CTAs); PATTERNS=… runs a subset.
PATTERNS=${PATTERNS:-"cluster_pull_ring:20000 cluster_barrier_ring:20000 cluster_push_ring:20000
bulk_copy_ring:20000 flag_pingpong:20000 tma_pipeline:20000"}

mkdir -p "$WORK"
failed=0
rows=()

# The sync-instruction counts of a PTX file's SASS, as table cells:
# MEMBAR | FENCE.VIEW.ASYNC | CCTL.IVALL | SYNCS.* | UCGABAR_* | BAR.SYNC
sass_cells() {
  local ptx=$1 base=${1%.ptx}
  if ! "$PTXAS" -arch="$ARCH" "$ptx" -o "$base.cubin" 2>"$base.ptxas.log"; then
    echo "ptxas rejected it ($base.ptxas.log) | | | | |"
    return
  fi
  "$CUOBJDUMP" -sass "$base.cubin" >"$base.sass"
  local ins
  ins=$(grep -oE '(MEMBAR\.[A-Z.]+|FENCE\.VIEW\.ASYNC\.[A-Z]+|CCTL\.IVALL|SYNCS\.[A-Z0-9_.]+|UCGABAR_[A-Z]+|BAR\.SYNC)' "$base.sass")
  local membar
  membar=$(grep -E '^MEMBAR' <<<"$ins" | sed 's/^MEMBAR\.//' | sort | uniq -c | awk '{printf "%s%s×%s", (NR>1?" ":""), $2, $1}')
  printf '%s | %s | %s | %s | %s | %s' "${membar:-0}" \
    "$(grep -c '^FENCE' <<<"$ins")" "$(grep -c '^CCTL' <<<"$ins")" \
    "$(grep -c '^SYNCS' <<<"$ins")" "$(grep -c '^UCGABAR' <<<"$ins")" \
    "$(grep -c '^BAR.SYNC' <<<"$ins")"
}

# run PATTERN HANDOFFS VARIANT LOG PTX tile-run-args…: one tile-run, one table row. Returns 1
# when verify-races rejected the kernel (nothing ran), else 0.
run() {
  local p=$1 h=$2 v=$3 log=$4 ptx=$5
  shift 5
  timeout "$RUN_LIMIT" "$TILE_RUN" "$@" >"$log" 2>&1
  local rc=$?
  local result ns=– sass="| | | | |"
  local checks
  checks=$(grep -oE '^[^ ]+: error: check [0-9]+' "$log" | grep -oE 'check [0-9]+' | sort -u | paste -sd, -)
  if [ ! -f "$ptx" ] && [ -n "$checks" ]; then
    rows+=("| $p | $v | – | rejected by verify-races (${checks//,/, }) | | | | | | |")
    return 1
  fi
  if grep -q '^PASS$' "$log"; then
    result=$(grep -oE '^launches [0-9]+ of [0-9]+ done, [0-9]+ wrong' "$log" | sed 's/^launches //')
  elif grep -q '^FAIL$' "$log"; then
    result="FAIL: $(grep -E '^(launches|error|buffer .*MISMATCH)' "$log" | paste -sd';' - | cut -c1-160)"
    failed=1
  else
    result="error (rc $rc): $(grep -v '^ ' "$log" | head -1 | cut -c1-120)"
    failed=1
  fi
  local med
  med=$(sed -n 's/^time median \([0-9.]*\) µs.*/\1/p' "$log")
  if [ -n "$med" ]; then
    ns=$(awk -v us="$med" -v h="$h" 'BEGIN { printf "%.1f", us * 1000 / h }')
  fi
  if [ -f "$ptx" ]; then
    sass=$(sass_cells "$ptx")
  fi
  rows+=("| $p | $v | $ns | $result | $sass |")
  return 0
}

for entry in $PATTERNS; do
  p=${entry%%:*}
  h=${entry##*:}
  k="$EXAMPLES/$p.mlir"
  rejected=0
  rm -f "$WORK/$p".*.ptx  # a kernel that does not compile leaves none
  run "$p" "$h" "tilec" "$WORK/$p.tilec.log" "$WORK/$p.tilec.ptx" \
    "$k" --save-ptx "$WORK/$p.tilec.ptx" || rejected=1
  run "$p" "$h" "tilec --no-weakest-fence" "$WORK/$p.no-wf.log" "$WORK/$p.no-wf.ptx" \
    "$k" --no-weakest-fence --save-ptx "$WORK/$p.no-wf.ptx" || rejected=1
  if [ "$rejected" = 1 ]; then
    run "$p" "$h" "tilec --no-verify-races" "$WORK/$p.no-vr.log" "$WORK/$p.no-vr.ptx" \
      "$k" --no-verify-races --save-ptx "$WORK/$p.no-vr.ptx"
  fi
  cu="$REFS/$p.cu"
  for v in $(sed -n 's#^// bench-sync variants: ##p' "$cu"); do
    ref="$WORK/$p.ref-$v"
    if ! "$NVCC" -arch="$ARCH" -ptx -I"$REFS" -DBENCH_"${v^^}" "$cu" -o "$ref.ptx" >"$ref.nvcc.log" 2>&1; then
      rows+=("| $p | ref $v | – | nvcc failed ($ref.nvcc.log) | | | | | | |")
      failed=1
      continue
    fi
    run "$p" "$h" "ref $v" "$ref.log" "$ref.ptx" --ptx "$ref.ptx" --spec "$EXAMPLES/$p.run.toml"
  done
done

{
  echo "| pattern | variant | ns/handoff | checked | MEMBAR | FENCE.VIEW.ASYNC | CCTL.IVALL | SYNCS | UCGABAR | BAR.SYNC |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
} | tee "$WORK/table.md"
exit "$failed"
