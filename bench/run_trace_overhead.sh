#!/usr/bin/env bash
# The cost of --stats and --trace, measured side by side in one go: the
# scheduler benchmark's monitored variants next to the plain ones, then
# mplang-run (whole process, writing the trace included) on the examples and
# on a 2^20-iteration loop, plain, --stats and --trace interleaved, median of
# RUNS each. CPU time (user + system) is given next to wall time: on a busy
# machine it varies much less. Usage: bench/run_trace_overhead.sh [build-dir]
# [runs]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${1:-$ROOT/build}"
RUNS="${2:-7}"

"$BUILD/bench/scheduler-bench" --benchmark_repetitions="$RUNS" \
  --benchmark_report_aggregates_only=true \
  --benchmark_enable_random_interleaving=true 2>/dev/null |
  awk '/_median/ { sub("_median", "", $1); print $1, $2, $4 }' |
  python3 -c '
import sys
rows = {name: (float(w), float(c)) for name, w, c in (l.split() for l in sys.stdin)}
print("| scheduler bench (100k steps) | plain ms wall / CPU | monitored ms wall / CPU | overhead wall / CPU |")
print("|---|---:|---:|---:|")
for name in sorted(rows):
    for suffix in ("Stats", "Traced"):
        if name.endswith(suffix):
            (bw, bc), (w, c) = rows[name[: -len(suffix)]], rows[name]
            print(f"| {name} | {bw:.2f} / {bc:.2f} | {w:.2f} / {c:.2f} | "
                  f"{100 * (w / bw - 1):+.0f} % / {100 * (c / bc - 1):+.0f} % |")
'

RUN="$BUILD/bin/mplang-run" EX="$ROOT/examples" \
  LOOP="$ROOT/test/Runtime/Inputs/loop-2e20.mlir" RUNS="$RUNS" python3 - <<'PY'
import os, resource, statistics, subprocess, tempfile, time
run, ex = os.environ["RUN"], os.environ["EX"]
cases = {
    "sum": ["--sim", "3", f"{ex}/sum.mlir", "--arg", "0:0=1 : i64",
            "--arg", "1:1=2 : i64", "--arg", "2:2=3 : i64"],
    "millionaire": ["--sim", "2", f"{ex}/millionaire.mlir"],
    "uniform_cond": ["--sim", "2", f"{ex}/uniform_cond.mlir"],
    "while_shuffle": ["--sim", "2", f"{ex}/while_shuffle.mlir"],
    # Interpreted: compiled (--jit=auto), the loop is one op.
    "loop 2^20": ["--sim", "1", "--jit=off", os.environ["LOOP"]],
}
trace = os.path.join(tempfile.mkdtemp(), "t.json")
modes = {"plain": [], "--stats": ["--stats"], "--trace": ["--trace", trace]}
def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

print("\n| mplang-run, ms wall / CPU | plain | --stats | --trace | --trace overhead |")
print("|---|---:|---:|---:|---:|")
for name, args in cases.items():
    wall = {m: [] for m in modes}
    cpus = {m: [] for m in modes}
    for _ in range(int(os.environ["RUNS"])):
        for mode, extra in modes.items():
            start, start_cpu = time.perf_counter(), cpu()
            subprocess.run([run] + args + extra, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wall[mode].append(1000 * (time.perf_counter() - start))
            cpus[mode].append(1000 * (cpu() - start_cpu))
    w = {m: statistics.median(t) for m, t in wall.items()}
    c = {m: statistics.median(t) for m, t in cpus.items()}
    cells = " | ".join(f"{w[m]:.0f} / {c[m]:.0f}" for m in modes)
    print(f"| {name} | {cells} | {100 * (w['--trace'] / w['plain'] - 1):+.0f} % / "
          f"{100 * (c['--trace'] / c['plain'] - 1):+.0f} % |")
PY
