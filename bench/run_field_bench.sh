#!/usr/bin/env bash
# Runs field-bench and the anchor microbenchmark (the hardware limits of this
# machine for GF(2^128) multiply and AES) back to back, and prints both with
# their ratio. Both report wall-clock medians of short repetitions, which
# tolerate other tenants of the machine best.
# Usage: bench/run_field_bench.sh [build-dir] [repetitions]
#   (defaults: build, 11; the anchor script is $MPLANG_ANCHORS/run_field_bench.sh,
#   or FIELD_ANCHOR; without either, nothing is compared)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
REPS="${2:-11}"
ANCHOR="${FIELD_ANCHOR:-${MPLANG_ANCHORS:+$MPLANG_ANCHORS/run_field_bench.sh}}"
if [ -z "$ANCHOR" ]; then
  echo "run_field_bench.sh: MPLANG_ANCHORS is not set; skipping the comparison with the anchor"
  exit 0
fi
OUT="$BUILD/bench/results/field_$(date +%Y%m%d_%H%M%S)"
mkdir -p "$OUT"

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$BUILD/bench/field-bench" --benchmark_repetitions="$REPS" \
  --benchmark_min_time=0.05 --benchmark_report_aggregates_only=true \
  --benchmark_out="$OUT/ours.json" --benchmark_out_format=json \
  >/dev/null 2>"$OUT/ours.log" || { cat "$OUT/ours.log"; exit 1; }
"$ANCHOR" "$REPS" >"$OUT/anchor.md"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
grep '^- ' "$OUT/anchor.md" | sed 's/^/anchor /'

python3 - "$OUT/ours.json" "$OUT/anchor.md" <<'PY' | tee "$OUT/summary.md"
import json, sys

ours = {}
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b.get("aggregate_name") == "median":
        ours[b["run_name"].removesuffix("/real_time")] = b

anchor = {}
for line in open(sys.argv[2]):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 6 and cells[2] == "1":
        try:
            anchor[(cells[0], cells[1])] = float(cells[3])
        except ValueError:
            pass


L2, L1 = "3x64 KiB (L2)", "16 KiB (L1)"
rows = [
    ("gf128_mul/avx512", ("vpclmul zmm x4 schoolbook (AVX-512)", L2)),
    ("gf128_mul/aes_clmul", ("pclmul schoolbook(4)+red(2)", L2)),
    ("gf128_mul/portable", None),
    ("aes_encrypt/avx512", ("VAES zmm 32-way (8 zmm)", L1)),
    ("aes_expand/avx512", ("VAES zmm 32-way (8 zmm)", L1)),
    ("aes_encrypt/aes_clmul", ("AES-NI 8-way interleave", L1)),
    ("aes_expand/aes_clmul", ("AES-NI 8-way interleave", L1)),
    ("aes_encrypt/portable", None),
]
print("\n| kernel (1 thread) | ours M/s | anchor variant | anchor M/s | ours/anchor |")
print("|---|---:|---|---:|---:|")
for run, ref in rows:
    if run not in ours:
        continue
    rate = ours[run]["items_per_second"] / 1e6
    if ref and ref in anchor:
        print(f"| {run} | {rate:.1f} | {ref[0]}, {ref[1]} | {anchor[ref]:.1f} "
              f"| {rate / anchor[ref]:.2f} |")
    else:
        print(f"| {run} | {rate:.1f} | - | - | - |")

targets = {"okvs_solve": 150.0, "okvs_decode": 25.0}
# _thp: the table in memory advised for transparent huge pages.
print("\n| OKVS (1 thread) | wall ms | CPU ms | target at 2^20 |")
print("|---|---:|---:|---:|")
for run, b in ours.items():
    if run.startswith("okvs"):
        name, n = run.split("/")
        target = targets[name.removesuffix("_thp")]
        target = f"<= {target:.0f} ms" if n == str(1 << 20) else "-"
        print(f"| {run} | {b['real_time']:.2f} | {b['cpu_time']:.2f} | {target} |")
PY
echo "[saved] $OUT"
