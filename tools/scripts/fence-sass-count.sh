#!/usr/bin/env bash
# Count the synchronization SASS of the PTX that `tile-fence-report --write-ptx OUTDIR` wrote,
# before and after weakest-fence: the check that the cost classes of tilec_passes::cost (counted
# on the PTX) are what ptxas really emits (docs/cost-model.md).
# Usage: tools/scripts/fence-sass-count.sh OUTDIR
#   OUTDIR/{before,after}/NAME.ptx and OUTDIR/targets.txt (`NAME TARGET` per line).
# Columns (counts of SASS lines): GPU = MEMBAR.*.GPU (SC included), SC.GPU = MEMBAR.SC.GPU alone,
# SYS = MEMBAR.*.SYS, CTA = MEMBAR.*.CTA, VIEW = FENCE.VIEW.ASYNC.*, IVALL = CCTL.IVALL,
# ERRBAR = ERRBAR (not CGAERRBAR). Exit status: 1 if any ptxas fails, 2 on usage; without
# ptxas on PATH it skips with status 0.
set -uo pipefail
out=${1:?usage: fence-sass-count.sh OUTDIR}
if ! command -v ptxas >/dev/null 2>&1; then
  echo "fence-sass-count: ptxas not found, skipping"
  exit 0
fi
if ! command -v cuobjdump >/dev/null 2>&1; then
  echo "fence-sass-count: cuobjdump not found next to ptxas" >&2
  exit 2
fi
[[ -f $out/targets.txt ]] || { echo "fence-sass-count: $out/targets.txt missing (run tile-fence-report --write-ptx $out)" >&2; exit 2; }

names=(GPU SC.GPU SYS CTA VIEW IVALL ERRBAR)
patterns=('MEMBAR[.A-Z]*\.GPU' 'MEMBAR\.SC\.GPU' 'MEMBAR[.A-Z]*\.SYS' 'MEMBAR[.A-Z]*\.CTA'
  'FENCE\.VIEW\.ASYNC' 'CCTL\.IVALL' '(^|[^A-Z])ERRBAR')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
declare -A total

# counts VARIANT NAME TARGET -> one line of the 7 counts, or "FAIL"
counts() {
  local ptx=$out/$1/$2.ptx cubin=$tmp/$1-$2.cubin
  if ! ptxas -arch="$3" -o "$cubin" "$ptx" 2>"$tmp/err"; then
    echo "fence-sass-count: ptxas -arch=$3 $ptx failed:" >&2
    sed 's/^/  /' "$tmp/err" >&2
    echo FAIL
    return
  fi
  local sass
  sass=$(cuobjdump -sass "$cubin")
  local line=""
  for p in "${patterns[@]}"; do
    line+="$(grep -cE "$p" <<<"$sass") "
  done
  echo "$line"
}

printf '%-48s' file
for n in "${names[@]}"; do printf ' | %9s' "$n"; done
echo
while read -r name target; do
  [[ -z $name ]] && continue
  b=$(counts before "$name" "$target")
  a=$(counts after "$name" "$target")
  if [[ $b == FAIL || $a == FAIL ]]; then
    failed=$((failed + 1))
    printf '%-48s | ptxas failed\n' "$name"
    continue
  fi
  read -ra bv <<<"$b"
  read -ra av <<<"$a"
  printf '%-48s' "$name"
  for i in "${!names[@]}"; do
    printf ' | %9s' "${bv[$i]}->${av[$i]}"
    total[b$i]=$(( ${total[b$i]:-0} + bv[i] ))
    total[a$i]=$(( ${total[a$i]:-0} + av[i] ))
  done
  echo
done <"$out/targets.txt"
printf '%-48s' TOTAL
for i in "${!names[@]}"; do printf ' | %9s' "${total[b$i]:-0}->${total[a$i]:-0}"; done
echo
if ((failed > 0)); then
  echo "fence-sass-count: ptxas failed on $failed file(s)" >&2
  exit 1
fi
