#!/usr/bin/env bash
# Compiles every cuTile kernel of testdata/cutile with tilec (the six its race checker cannot
# prove race-free with --no-verify-races, testdata/cutile/README.md says why), assembles them with
# ptxas, launches them on the GPU with cuTile's argument layout (launch.py) and checks every
# array against the NumPy reference (reference.py), for seeds 0 and 1.
# Needs: tilec and ptxas on PATH, a GPU, numpy. Usage: bash tools/scripts/check_cutile_corpus.sh
set -u
cd "$(dirname "$0")/../../testdata/cutile"
NOV="atomic_orders ping_pong cas_spinlock xchg_spinlock last_block_reduce splitk_matmul"
ALL="vector_add softmax layernorm matmul_f16 matmul_bf16 splitk_matmul atomic_orders flag_handoff
cas_spinlock xchg_spinlock ticket_lock last_block_reduce ping_pong atomic_rmw_modes load_store_orders
scan_layout strided_views tile_reductions gather_rows"
work=$(mktemp -d)
status=0
for seed in 0 1; do
  mkdir -p "$work/$seed"
  python3 reference.py --bin "$work/$seed" --seed "$seed" >/dev/null
done
for k in $ALL; do
  flag=""
  case " $NOV " in *" $k "*) flag="--no-verify-races" ;; esac
  if ! tilec "$k.tilebc" $flag -o "$work/$k.ptx" 2>/dev/null; then
    echo "$k: tilec failed"; status=1; continue
  fi
  if ! ptxas -arch=sm_90a "$work/$k.ptx" -o "$work/0/$k.cubin"; then
    echo "$k: ptxas failed"; status=1; continue
  fi
  cp "$work/0/$k.cubin" "$work/1/"
done
for seed in 0 1; do
  # shellcheck disable=SC2086
  python3 launch.py "$work/$seed" "$work/r$seed.json" $ALL >"$work/launch$seed.txt" 2>&1
  python3 reference.py --check-results "$work/r$seed.json" --seed "$seed" || status=1
done
rm -rf "$work"
exit $status
