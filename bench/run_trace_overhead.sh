#!/usr/bin/env bash
# The cost of --stats and --trace, measured side by side in one go: the
# scheduler benchmark's monitored variants next to the plain ones, then
# mplang-run (whole process, writing the trace included) on the examples and
# on a 2^20-iteration loop, plain, --stats and --trace interleaved, median of
# RUNS each. Usage: bench/run_trace_overhead.sh [build-dir] [runs]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
RUNS="${2:-7}"

"$BUILD/bench/scheduler-bench" --benchmark_repetitions="$RUNS" \
  --benchmark_report_aggregates_only=true 2>/dev/null |
  awk '/_median/ { sub("_median", "", $1); print $1, $2, $3 }' |
  python3 -c '
import sys
rows = {name: float(t) for name, t, unit in (l.split() for l in sys.stdin)}
print("| scheduler bench (100k steps) | plain ms | monitored ms | overhead |")
print("|---|---:|---:|---:|")
for name in sorted(rows):
    for suffix in ("Stats", "Traced"):
        if name.endswith(suffix):
            base = rows[name[: -len(suffix)]]
            print(f"| {name} | {base:.2f} | {rows[name]:.2f} | "
                  f"{100 * (rows[name] / base - 1):+.0f} % |")
'

RUN="$BUILD/bin/mplang-run" EX="$ROOT/examples" \
  LOOP="$ROOT/test/Runtime/Inputs/loop-2e20.mlir" RUNS="$RUNS" python3 - <<'PY'
import os, statistics, subprocess, tempfile, time
run, ex = os.environ["RUN"], os.environ["EX"]
cases = {
    "sum": ["--sim", "3", f"{ex}/sum.mlir", "--arg", "0:0=1 : i64",
            "--arg", "1:1=2 : i64", "--arg", "2:2=3 : i64"],
    "millionaire": ["--sim", "2", f"{ex}/millionaire.mlir"],
    "uniform_cond": ["--sim", "2", f"{ex}/uniform_cond.mlir"],
    "while_shuffle": ["--sim", "2", f"{ex}/while_shuffle.mlir"],
    "loop 2^20": ["--sim", "1", os.environ["LOOP"]],
}
trace = os.path.join(tempfile.mkdtemp(), "t.json")
modes = {"plain": [], "--stats": ["--stats"], "--trace": ["--trace", trace]}
print("\n| mplang-run | plain ms | --stats ms | --trace ms | --trace overhead |")
print("|---|---:|---:|---:|---:|")
for name, args in cases.items():
    times = {m: [] for m in modes}
    for _ in range(int(os.environ["RUNS"])):
        for mode, extra in modes.items():
            start = time.perf_counter()
            subprocess.run([run] + args + extra, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[mode].append(1000 * (time.perf_counter() - start))
    med = {m: statistics.median(t) for m, t in times.items()}
    print(f"| {name} | {med['plain']:.1f} | {med['--stats']:.1f} | "
          f"{med['--trace']:.1f} | {100 * (med['--trace'] / med['plain'] - 1):+.0f} % |")
PY
