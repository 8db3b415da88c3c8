#!/usr/bin/env python3
"""Secret-shared multiplication (docs/ss.md): multiplications per second.

Usage: /usr/bin/python3 bench/ss_bench.py [BUILD_DIR] [MODE]
       (defaults: build, --sim; MODE --local runs two local workers)

For n = 2^16 and 2^20, a program shares P0's and P1's random vectors of n
int64, multiplies them with one `ss.mul` (one Beaver protocol call, its
triples from OT multiplication) and reveals the sum of the products to P0.
The wall time of each party and the bytes it sent come from --stats-json,
best of 3 runs by the slower party; the rate is n over that party's time,
sharing and revealing included. The CPU time of the whole run (both parties,
the process and its workers) is given too: on a loaded machine it is the
steadier figure. A run of n = 16 shows the fixed costs (base OTs, the
program's parse and link).
"""
import json
import os
import resource
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
MODE = sys.argv[2] if len(sys.argv) > 2 else "--sim"
RUN = os.path.join(BUILD, "bin", "mplang-run")
REPS = 3
SIZES = [16, 1 << 16, 1 << 20]


def program(n):
    v = f"tensor<{n}xi64>"
    s = f"!ss.share<{v}, [0, 1]>"
    return f"""module attributes {{simp.world_size = 2 : i64}} {{
  func.func @main() -> !simp.mp<tensor<i64>, [0]> {{
    %x = simp.pcall [0] () : () -> !simp.mp<{v}, [0]> {{
      %r = crypto.random_bytes : {v}
      simp.yield %r : {v}
    }}
    %y = simp.pcall [1] () : () -> !simp.mp<{v}, [1]> {{
      %r = crypto.random_bytes : {v}
      simp.yield %r : {v}
    }}
    %a = ss.share %x : !simp.mp<{v}, [0]> -> {s}
    %b = ss.share %y : !simp.mp<{v}, [1]> -> {s}
    %p = ss.mul %a, %b : {s}
    %t = ss.sum %p [0] : {s} -> !ss.share<tensor<i64>, [0, 1]>
    %r = ss.reveal %t : !ss.share<tensor<i64>, [0, 1]> -> !simp.mp<tensor<i64>, [0]>
    return %r : !simp.mp<tensor<i64>, [0]>
  }}
}}
"""


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(path):
    """Per rank (wall seconds, bytes sent) of one run, and its CPU seconds."""
    with tempfile.NamedTemporaryFile(suffix=".json") as stats:
        before = cpu_seconds()
        subprocess.run([RUN, MODE, "2", path, "--stats-json", stats.name,
                        "--timeout", "1800"],
                       check=True, stdout=subprocess.DEVNULL)
        cpu = cpu_seconds() - before
        ranks = json.load(open(stats.name))["ranks"]
    return [(r["wall_us"] / 1e6, sum(p["bytes_sent"] for p in r["peers"]))
            for r in ranks], cpu


def main():
    print(f"mplang-run {MODE} 2; load average {os.getloadavg()[0]:.1f}")
    print(f"{'n':>9}{'P0 s':>9}{'P1 s':>9}{'P0 MB sent':>12}"
          f"{'P1 MB sent':>12}{'bytes/mul':>11}{'mul/s':>11}{'CPU s':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in SIZES:
            path = os.path.join(tmp, f"mul{n}.mlir")
            with open(path, "w") as f:
                f.write(program(n))
            best, cpu = min((run(path) for _ in range(REPS)),
                            key=lambda r: max(w for w, _ in r[0]))
            slow = max(w for w, _ in best)
            sent = best[0][1] + best[1][1]
            print(f"{n:>9}{best[0][0]:>9.3f}{best[1][0]:>9.3f}"
                  f"{best[0][1] / 1e6:>12.2f}{best[1][1] / 1e6:>12.2f}"
                  f"{sent / n:>11.0f}{n / slow:>11.3g}{cpu:>8.2f}")


if __name__ == "__main__":
    main()
