#!/usr/bin/env bash
# Runs the executor benchmark and the Python re-creation of upstream's
# scheduler (in $MPLANG_ANCHORS) in one go and prints ops/s side by side.
# Usage: bench/run_sched_bench.sh [build-dir]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
ANCHORS="${MPLANG_ANCHORS:-}"
if [ -z "$ANCHORS" ]; then
  echo "run_sched_bench.sh: MPLANG_ANCHORS is not set; skipping the comparison with upstream's scheduler"
  exit 0
fi

OURS=$("$BUILD/bench/scheduler-bench" --benchmark_format=csv 2>/dev/null) \
ANCHOR=$(python3 "$ANCHORS/py_sched_bench.py" --n 100000 --width 1000 --reps 3) \
python3 - <<'PY'
import csv, io, os
ours = {row["name"]: float(row["items_per_second"])
        for row in csv.DictReader(io.StringIO(os.environ["OURS"]))}
anchor = {}
for line in os.environ["ANCHOR"].splitlines():
    cells = [c.strip() for c in line.split("|")]
    if len(cells) > 8 and cells[3].isdigit():
        dag = "Chain" if cells[1] == "chain" else "Wide"
        mode = ("pool" if "submitted" in cells[2]
                else "inline" if "async" in cells[2] else "sync")
        anchor[(dag, mode)] = float(cells[6].replace(",", ""))
print("| DAG (100k no-op steps) | ours | anchor | ours ops/s | anchor ops/s | ratio |")
print("|---|---|---|---:|---:|---:|")
for dag in ("Chain", "Wide"):
    for mode, theirs in (("Inline", "inline"), ("Inline", "sync"), ("Pool", "pool")):
        rate = ours[f"BM_{dag}{mode}"]
        print(f"| {dag.lower()} | {mode.lower()} | {theirs} | {rate:,.0f} | "
              f"{anchor[(dag, theirs)]:,.0f} | {rate / anchor[(dag, theirs)]:,.0f}x |")
PY
