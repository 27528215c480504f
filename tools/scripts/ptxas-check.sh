#!/usr/bin/env bash
# Assemble every .ptx in DIR with `ptxas -arch=<its .target>`; print each result and "N of M".
# Runs wherever ptxas is (the CUDA toolkit); exits 1 if any file fails, 2 if ptxas is missing.
# Usage: tools/scripts/ptxas-check.sh DIR [LIST_FILE]   (LIST_FILE: where to write the pass list)
set -uo pipefail
dir=${1:?usage: ptxas-check.sh DIR [LIST_FILE]}
list=${2:-/dev/null}
command -v ptxas >/dev/null || { echo "ptxas not found: install the CUDA toolkit or run on the GPU machine"; exit 2; }
ptxas --version | tail -1
pass=0; total=0; : > "$list"
for f in "$dir"/*.ptx; do
  [ -e "$f" ] || continue
  total=$((total + 1))
  arch=$(awk '/^\.target/ {print $2; exit}' "$f")
  if err=$(ptxas -arch="$arch" "$f" -o /dev/null 2>&1); then
    pass=$((pass + 1)); echo "PASS $arch $(basename "$f")"; echo "$(basename "$f") $arch" >> "$list"
  else
    echo "FAIL $arch $(basename "$f")"; echo "$err" | sed 's/^/    /'
  fi
done
echo "ptxas accepted $pass of $total"
[ "$pass" -eq "$total" ]
