#!/usr/bin/env bash
# Times parse, verify, --simp-project and --simp-verify-comm on generated
# global programs of 10k, 100k and 1M ops over 8 ranks (simp-project-bench)
# and prints the CPU time of each phase per op of the global program. Linear
# cost shows as rows that stay about the same as the program grows.
#
# Usage: bench/run_project_bench.sh [build-dir]      (default: build)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
OUT="$(mktemp)"
trap 'rm -f "$OUT"' EXIT

"$BUILD/bench/simp-project-bench" --benchmark_format=json >"$OUT" 2>/dev/null

python3 - "$OUT" <<'PY'
import json
import sys

phases = [("parse", "parse_ns_op"), ("verify", "verify_ns_op"),
          ("project", "project_ns_op"), ("verify-comm", "verify_comm_ns_op"),
          ("total", "total_ns_op")]
print("ns per op (CPU time)")
print(f"{'K':>9} {'ops':>9}" + "".join(f" {name:>11}" for name, _ in phases)
      + f" {'project s':>10}")
for run in json.load(open(sys.argv[1]))["benchmarks"]:
    k = int(run["name"].split("/")[1])
    ops = run["ops"]
    row = "".join(f" {run[key]:>11.0f}" for _, key in phases)
    print(f"{k:>9} {ops:>9.0f}{row} {run['project_ns_op'] * ops / 1e9:>10.2f}")
PY
