#!/usr/bin/env bash
# Times the field kernels inside the runtime: runs bench/field_runtime.mlir
# with `mplang-run --sim 1 --trace` REPS times and prints, per op, the median
# of the durations its trace events report.
# Usage: bench/run_field_runtime.sh [build-dir] [reps]   (defaults: build, 5)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
REPS="${2:-5}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$REPS"); do
  out="$("$BUILD/bin/mplang-run" --sim 1 "$ROOT/bench/field_runtime.mlir" \
    --trace "$TMP/trace$i.json")"
  # The XOR of decode - values over all keys must be zero.
  [ "$out" = "rank 0: dense<0> : tensor<2xi64>" ] || { echo "wrong: $out"; exit 1; }
done
python3 - "$TMP" "$REPS" <<'PY'
import json, statistics, sys
times = {}
for i in range(1, int(sys.argv[2]) + 1):
    trace = json.load(open(f"{sys.argv[1]}/trace{i}.json"))
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    for e in events:
        if e.get("ph") == "X" and e["name"].startswith("field."):
            line = e.get("args", {}).get("location", "").rsplit(":", 2)[-2]
            times.setdefault(f'{e["name"]} (line {line})', []).append(e["dur"] / 1000)
print("| op | median ms | min ms |")
print("|---|---:|---:|")
for name, ms in times.items():
    print(f"| {name} | {statistics.median(ms):.1f} | {min(ms):.1f} |")
PY
