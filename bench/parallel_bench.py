#!/usr/bin/env python3
"""How a party's time scales with its pool size (docs/protocols.md, "Threads").

Usage: /usr/bin/python3 bench/parallel_bench.py [BUILD_DIR] [--reps N] [--cores 0,1]

1. The kernels that split their work among the pool's threads
   (bench/protocols/parallel_kernels.mlir, RR22 PSI's sizes at 2^20 items: the last GGM
   level, the expand-convolute code, OKVS solve and decode, the tag sort), run by
   `mplang-run --sim 1
   --trace`; each op's time is its trace event's. Ops run one after another, so each
   has the pool to itself.
2. RR22 PSI with 2^20 items per side (bench/protocols/psi_2e20.mlir, the sets of
   bench/psi_bench.py) under `mplang-run --sim 2`: the process's wall time and the
   slower party's (--stats-json).

Each is run with --pool-threads 1 and 2, pinned with taskset to one core and to two
(the first and then the first two of --cores), the configurations alternating (in a
rotated order each round), and the medians and minimums of --reps runs are printed:
on a loaded machine the minimum is the better estimate of the work. A pool of 2 on one core shows what splitting costs
where it cannot gain. First, as the ceiling two threads can reach on this machine at
this time, `openssl speed -evp aes-128-ctr` is run as one process and as two at once
(`-multi 2`), pinned to the two cores. The machine's load before and after is printed: on a shared
machine the figures are only as good as it was quiet.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import psi_bench  # noqa: E402

KERNELS = ["field.aes_expand", "field.exconv_encode", "field.solve_okvs",
           "field.decode_okvs", "field.sort_rows"]


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--cores", default="0,1", help="two CPUs to pin to")
    return p.parse_args()


def configs(cores):
    one = cores.split(",")[0]
    return [(1, one), (2, one), (1, cores), (2, cores)]


def rotated(items, k):
    k %= len(items)
    return items[k:] + items[:k]


def cell(values, digits):
    return f"{f'{statistics.median(values):.{digits}f} / {min(values):.{digits}f}':>18}"


def openssl_ceiling(cores):
    """AES-CTR throughput (GB/s) of one process and of two at once."""
    rates = []
    for multi in ([], ["-multi", "2"]):
        out = subprocess.run(["taskset", "-c", cores, "openssl", "speed", "-seconds",
                              "2", "-bytes", "16384", *multi, "-evp", "aes-128-ctr"],
                             check=True, capture_output=True, text=True).stdout
        rates.append(float(out.strip().splitlines()[-1].split()[-1].rstrip("k")) / 1e6)
    return rates


def kernel_times(run, threads, cpus, tmp):
    """{op: ms} of one run of the kernels' program."""
    trace = os.path.join(tmp, "kernels.json")
    out = subprocess.run(
        ["taskset", "-c", cpus, run, "--sim", "1", "--pool-threads", str(threads),
         "--timeout", "300", os.path.join(ROOT, "bench", "protocols",
                                          "parallel_kernels.mlir"),
         "--trace", trace], check=True, capture_output=True, text=True).stdout
    if out.strip() != "rank 0: dense<0> : tensor<2xi64>":
        raise SystemExit(f"wrong result: {out}")
    events = json.load(open(trace))
    events = events["traceEvents"] if isinstance(events, dict) else events
    return {e["name"]: e["dur"] / 1e3 for e in events
            if e.get("ph") == "X" and e["name"] in KERNELS}


def psi_times(run, threads, cpus, data):
    """(process wall s, slower party ms) of one PSI run."""
    cmd = ["taskset", "-c", cpus] + psi_bench.command(run, "--sim 2", 20, data) + \
        ["--pool-threads", str(threads)]
    (wall, _, _), ranks = psi_bench.timed(cmd)
    return wall, max(ms for ms, _ in ranks)


def main():
    args = parse_args()
    run = os.path.join(args.build, "bin", "mplang-run")
    load = lambda: open("/proc/loadavg").read().split()[0]  # noqa: E731
    print(f"load before: {load()}; medians of {args.reps} runs")
    cfgs = configs(args.cores)
    one, two = openssl_ceiling(args.cores)
    print(f"openssl aes-128-ctr: one process {one:.2f} GB/s, two at once {two:.2f} GB/s "
          f"({two / one:.2f}x)")
    with tempfile.TemporaryDirectory() as tmp:
        kernels = {c: [] for c in cfgs}
        for rep in range(args.reps):
            for threads, cpus in rotated(cfgs, rep):
                kernels[(threads, cpus)].append(kernel_times(run, threads, cpus, tmp))
        print("median / min         " + "".join(
            f"{f'pool {t}, cpus {c}':>18}" for t, c in cfgs))
        for op in KERNELS:
            print(f"{op + ' ms':<21}" + "".join(
                cell([r[op] for r in kernels[c]], 1) for c in cfgs))
        data = os.path.join(tmp, "psi")
        psi_bench.make_sets(data, 20)
        psi = {c: [] for c in cfgs}
        for rep in range(args.reps):
            for threads, cpus in rotated(cfgs, rep):
                psi[(threads, cpus)].append(psi_times(run, threads, cpus, data))
        for i, (name, digits) in enumerate([("PSI 2^20 wall s", 2),
                                            ("PSI slower party ms", 0)]):
            print(f"{name:<21}" + "".join(
                cell([r[i] for r in psi[c]], digits) for c in cfgs))
    print(f"load after: {load()}")


if __name__ == "__main__":
    main()
