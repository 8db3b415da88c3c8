#!/usr/bin/env bash
# Times our BFV library (bfv-bench) and Microsoft SEAL (the anchor scripts in
# $MPLANG_ANCHORS, same parameters: default coefficient moduli, 20-bit
# batching t, one pinned core) back to back and prints ours/SEAL ratios of
# the fastest repetition (the machine is shared, so medians drift).
#
# Usage: bench/run_bfv_bench.sh [build-dir]      (default: build-he)
# Env:   SEAL_GIT_DIR  bare git dir of microsoft/SEAL for the anchor's build
#                      script; without it, or if the anchor fails, the newest
#                      saved SEAL result under $MPLANG_ANCHORS/results is used.
#        MPLANG_ANCHORS  the anchor directory; without it, nothing is compared
#        REPS          repetitions of each of our benchmarks (default 5)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build-he}"
ANCHORS="${MPLANG_ANCHORS:-}"
if [ -z "$ANCHORS" ]; then
  echo "run_bfv_bench.sh: MPLANG_ANCHORS is not set; skipping the comparison with SEAL"
  exit 0
fi
OUT="$(mktemp -d)"
PIN=""
command -v taskset >/dev/null && PIN="taskset -c $(($(nproc) - 1))"

$PIN "$BUILD/bench/bfv-bench" --benchmark_filter='/(4096|8192)$' \
  --benchmark_repetitions="${REPS:-5}" --benchmark_report_aggregates_only=true \
  --benchmark_format=csv >"$OUT/ours.csv" 2>/dev/null

SEAL_MD=""
if [ -n "${SEAL_GIT_DIR:-}" ] && "$ANCHORS/run_seal_bench.sh" >"$OUT/seal.md" 2>"$OUT/seal.err"; then
  SEAL_MD="$OUT/seal.md"
  echo "SEAL: measured now"
else
  SEAL_MD="$(ls -t "$ANCHORS"/results/*/seal_*.md | head -1)"
  echo "SEAL: anchor not run here; using saved $SEAL_MD"
fi

python3 - "$OUT/ours.csv" "$SEAL_MD" <<'PY'
import csv, re, sys
ours = {}
lines = [l for l in open(sys.argv[1]) if l.startswith('"') or l.startswith('name')]
for row in csv.DictReader(lines):
    m = re.match(r'BFV/(\w+)/(\d+)_min$', row['name'])
    if m:
        scale = {'ns': 1e-3, 'us': 1.0, 'ms': 1e3}[row['time_unit']]
        ours[(m.group(1), int(m.group(2)))] = float(row['real_time']) * scale
seal, n = {}, None
for line in open(sys.argv[2]):
    m = re.match(r'## BFV N=(\d+)', line)
    if m:
        n = int(m.group(1))
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if n and len(cells) >= 7 and re.match(r'^[\d.]+$', cells[1]):
        seal[(cells[0], n)] = float(cells[4])  # min column
rows = [('keygen_secret', ['keygen (secret key)']),
        ('keygen_public', ['keygen public key']),
        ('keygen_relin', ['keygen relin keys']),
        ('keygen_galois_step1', ['keygen galois key (step 1)']),
        ('encode', ['batch encode']), ('decode', ['batch decode']),
        ('encrypt', ['encrypt (public key)']), ('decrypt', ['decrypt']),
        ('add', ['add']), ('add_plain', ['add_plain']),
        ('mul_plain', ['multiply_plain']), ('mul', ['multiply (ct x ct)']),
        ('relinearize', ['relinearize']),
        ('mul_relin', ['multiply (ct x ct)', 'relinearize']),
        ('rotate_rows_1', ['rotate_rows (by 1)']),
        ('ntt_forward', []), ('ntt_inverse', [])]
print('| operation | N | ours (us) | SEAL (us) | ours/SEAL |')
print('|---|---:|---:|---:|---:|')
for n in (4096, 8192):
    for name, keys in rows:
        mine = ours.get((name, n))
        ref = sum(seal[(k, n)] for k in keys) if keys and all((k, n) in seal for k in keys) else None
        ratio = f'{mine / ref:.2f}' if mine and ref else '-'
        print(f'| {name} | {n} | {mine:.1f} | {ref if ref is None else f"{ref:.1f}"} | {ratio} |'.replace('| None |', '| - |'))
PY
rm -rf "$OUT"
