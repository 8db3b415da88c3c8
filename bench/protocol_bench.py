#!/usr/bin/env python3
"""The protocol library's OT and VOLE on two local workers (docs/protocols.md).

Usage: /usr/bin/python3 bench/protocol_bench.py [BUILD_DIR]   (default: build)

Each program of bench/protocols runs under `mplang-run --local 2`; the wall
time and the bytes each party sent come from --stats-json (best of 3 runs by
the slower party's time). The reference is libOTe's published table (its
README): semi-honest IKNP, 2^24 random OTs in 0.6 s with the AES hash, one
thread per party, i.e. about 28 million OTs per second.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
RUN = os.path.join(BUILD, "bin", "mplang-run")
REPS = 3
LIBOTE_IKNP_PER_S = (1 << 24) / 0.6

# program, what it makes, how many
WORKLOADS = [
    ("base_ot.mlir", "base OTs", 128),
    ("iknp_rot.mlir", "random OTs", 1 << 20),
    ("gilboa_vole.mlir", "VOLE elements", 1 << 14),
]


def run(program):
    """Per rank (wall seconds, bytes sent) of one run."""
    with tempfile.NamedTemporaryFile(suffix=".json") as stats:
        subprocess.run([RUN, "--local", "2", program, "--stats-json",
                        stats.name], check=True, stdout=subprocess.DEVNULL)
        ranks = json.load(open(stats.name))["ranks"]
    return [(r["wall_us"] / 1e6, sum(p["bytes_sent"] for p in r["peers"]))
            for r in ranks]


def main():
    print(f"{'workload':<18}{'n':>9}{'P0 s':>9}{'P1 s':>9}"
          f"{'P0 MB sent':>12}{'P1 MB sent':>12}{'per s':>12}")
    for name, what, n in WORKLOADS:
        best = min((run(os.path.join(ROOT, "bench", "protocols", name))
                    for _ in range(REPS)), key=lambda r: max(w for w, _ in r))
        slow = max(w for w, _ in best)
        print(f"{what:<18}{n:>9}{best[0][0]:>9.3f}{best[1][0]:>9.3f}"
              f"{best[0][1] / 1e6:>12.2f}{best[1][1] / 1e6:>12.2f}"
              f"{n / slow:>12.3g}")
        if what == "random OTs":
            print(f"  libOTe IKNP (published, AES hash): "
                  f"{LIBOTE_IKNP_PER_S:.3g} per s; ours / libOTe's rate: "
                  f"{n / slow / LIBOTE_IKNP_PER_S:.2f}")


if __name__ == "__main__":
    main()
