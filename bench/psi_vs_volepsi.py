#!/usr/bin/env python3
"""RR22 PSI side by side with volePSI, the RR22 paper's own implementation
(docs/protocols.md, "Speed").

Usage: VOLEPSI=PATH /usr/bin/python3 bench/psi_vs_volepsi.py [BUILD_DIR]
           [--log2n 20] [--pairs 7] [--threads 2]

PATH is volePSI's built `frontend`, or a volePSI checkout (github.com/Visa-Research/volePSI),
which is built first in PATH/out/build/linux if its frontend is missing: upstream's CMake
with FETCH_AUTO fetches its dependencies unless they are already cloned under PATH/out, and
needs a compiler with C++20 coroutines (clang; GCC 12 fails). Without VOLEPSI the script
says so in one line and exits 0.

Each pair runs two whole processes, one after the other, in alternating order: ours,
`mplang-run --sim 2` on bench/protocols/psi_2eK.mlir (both parties in one process, each
reading its set from its own store, the result written with --output-dir), and volePSI's
`frontend -perf -psi -nn K -nt T` (both parties in one process over an in-memory socket,
T threads). volePSI runs with glibc's transparent huge pages
(GLIBC_TUNABLES=glibc.malloc.hugetlb=1), without which it is two to three times slower on a
VM with costly 4 KiB page faults; ours advises huge pages itself. Per process: wall time,
CPU time (user + system) and peak resident memory (GNU time), and the protocol's own time
(ours: the slower rank's wall time from --stats-json; volePSI: its timer's `end`). Printed:
the medians, the median of the pairwise ratios ours / volePSI with their range, the bytes
the sender (S) and the receiver (R) sent, and the machine's state (load before and after, transparent huge page modes).

The sets differ: ours are 2^K random int64 items per side of which 2^K / 8 are shared
(test/Protocols/Inputs/psi_sets.py), volePSI's perf mode draws 2^K random 128-bit items per
side (an empty intersection); neither protocol's work depends on the overlap.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import psi_bench  # noqa: E402  (the sets and the program, shared)

ROOT = psi_bench.ROOT
TIME = "/usr/bin/time"


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    p.add_argument("--log2n", type=int, default=20)
    p.add_argument("--pairs", type=int, default=7)
    p.add_argument("--threads", type=int, default=2,
                   help="volePSI's -nt (ours: --sim 2 with its default pool)")
    return p.parse_args()


def frontend_of(path):
    """volePSI's frontend: PATH itself, or built in the checkout PATH."""
    if os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    build = os.path.join(path, "out", "build", "linux")
    frontend = os.path.join(build, "frontend", "frontend")
    if os.access(frontend, os.X_OK):
        return frontend
    if not os.path.isfile(os.path.join(path, "CMakeLists.txt")):
        sys.exit(f"psi_vs_volepsi: {path} is neither a frontend nor a volePSI checkout")
    cc = shutil.which("clang-19") or shutil.which("clang")
    cxx = shutil.which("clang++-19") or shutil.which("clang++")
    compilers = [f"-DCMAKE_C_COMPILER={cc}", f"-DCMAKE_CXX_COMPILER={cxx}"] \
        if cc and cxx else []
    # Upstream's defaults, without the networking (the benchmark uses an
    # in-memory socket) and the optional QuasiCyclic code.
    print(f"building volePSI in {build} (upstream's CMake; several minutes)",
          file=sys.stderr)
    subprocess.run(["cmake", "-S", path, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                    "-DFETCH_AUTO=ON", "-DVOLE_PSI_ENABLE_BOOST=OFF",
                    "-DVOLE_PSI_ENABLE_OPENSSL=OFF", "-DVOLE_PSI_ENABLE_BITPOLYMUL=OFF",
                    "-DVOLE_PSI_ENABLE_SODIUM=ON", "-DVOLE_PSI_SODIUM_MONTGOMERY=ON",
                    "-DVOLE_PSI_ENABLE_SSE=ON", *compilers], check=True)
    subprocess.run(["cmake", "--build", build, "-j", str(os.cpu_count() or 2)],
                   check=True)
    return frontend


def timed(cmd, env=None):
    """(wall s, CPU s, peak KiB, stdout) of one process under GNU time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        out = subprocess.run([TIME, "-f", "%e %U %S %M", "-o", t.name, *cmd],
                             check=True, stdout=subprocess.PIPE, text=True,
                             env=env).stdout
        wall, user, system, rss = t.read().split()[-4:]
    return float(wall), float(user) + float(system), int(rss), out


def run_ours(run, log2n, data, out):
    with tempfile.NamedTemporaryFile(suffix=".json") as stats:
        cmd = psi_bench.command(run, "--sim 2", log2n, data) + [
            "--output-dir", out, "--stats-json", stats.name]
        wall, cpu, rss, _ = timed(cmd)
        ranks = json.load(open(stats.name))["ranks"]
    inner = max(r["wall_us"] for r in ranks) / 1e6
    # Rank 0 sends, rank 1 receives.
    sent = [sum(p["bytes_sent"] for p in r["peers"]) for r in ranks]
    return wall, cpu, rss, inner, sent


def run_volepsi(frontend, log2n, threads):
    env = dict(os.environ, GLIBC_TUNABLES="glibc.malloc.hugetlb=1")
    wall, cpu, rss, out = timed([frontend, "-perf", "-psi", "-nn", str(log2n),
                                 "-nt", str(threads), "-t", "1", "-v"], env)
    lines = [line.split() for line in out.splitlines()]
    inner = next(float(f[1]) for f in lines if f and f[0] == "end") / 1e3
    # Bytes the receiver's and the sender's sockets sent, sender's first.
    sent = next([int(f[1]), int(f[0])] for f in lines
                if len(f) == 2 and all(x.isdigit() for x in f))
    return wall, cpu, rss, inner, sent


def machine():
    def read(path):
        try:
            return open(path).read().split("[")[1].split("]")[0]
        except (OSError, IndexError):
            return "?"
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                  if line.startswith("model name")), "?")
    thp = "/sys/kernel/mm/transparent_hugepage/"
    return (f"{model}, {os.cpu_count()} CPUs, THP enabled={read(thp + 'enabled')} "
            f"defrag={read(thp + 'defrag')}")


def load():
    return open("/proc/loadavg").read().split()[0]


def main():
    args = parse_args()
    path = os.environ.get("VOLEPSI")
    if not path:
        print("psi_vs_volepsi: VOLEPSI is not set (volePSI's frontend or checkout); "
              "nothing to compare")
        return
    frontend = frontend_of(path)
    run = os.path.join(args.build, "bin", "mplang-run")
    print(f"machine: {machine()}; load before: {load()}")
    rows = {"ours": [], "volePSI": []}
    with tempfile.TemporaryDirectory() as tmp:
        data, out = os.path.join(tmp, "data"), os.path.join(tmp, "out")
        psi_bench.make_sets(data, args.log2n)
        for pair in range(args.pairs):
            order = ("ours", "volePSI") if pair % 2 == 0 else ("volePSI", "ours")
            for who in order:
                rows[who].append(run_ours(run, args.log2n, data, out)
                                 if who == "ours" else
                                 run_volepsi(frontend, args.log2n, args.threads))
    print(f"load after: {load()}; {args.pairs} pairs, whole processes alternating, "
          f"2^{args.log2n} items per side")
    print(f"{'':<9}{'wall s':>8}{'CPU s':>8}{'peak MiB':>10}{'protocol s':>12}"
          f"{'MB sent by S / R':>18}")
    for who, runs in rows.items():
        med = [statistics.median(r[i] for r in runs) for i in range(4)]
        sent = "/".join(f"{b / 1e6:.1f}" for b in runs[-1][4])
        print(f"{who:<9}{med[0]:>8.2f}{med[1]:>8.2f}{med[2] / 1024:>10.0f}"
              f"{med[3]:>12.3f}{sent:>18}")
    print("ours / volePSI, median of the pairs (range):")
    for i, name in enumerate(("wall", "CPU", "peak memory", "protocol")):
        ratios = sorted(o[i] / v[i] for o, v in zip(rows["ours"], rows["volePSI"]))
        print(f"  {name:<12}{statistics.median(ratios):>6.2f}  "
              f"({ratios[0]:.2f}-{ratios[-1]:.2f})")
    print("all runs (wall s):", {k: [round(r[0], 2) for r in v] for k, v in rows.items()})


if __name__ == "__main__":
    main()
