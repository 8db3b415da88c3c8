#!/usr/bin/env python3
"""The default --jit=auto next to --jit=off (docs/jit.md, "auto").

Runs the examples, BFV and field programs, the protocol tests and
benchmarks (bench/protocols) and a 2^20 loop with both modes, interleaved,
and prints per program the median wall and CPU (user + system) time of the
whole mplang-run process and the groups auto compiled, summed over ranks.
Usage:
bench/jit_auto_bench.py [build-dir] [runs]
"""
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
RUN = os.path.join(BUILD, "bin", "mplang-run")
EX, RT, PR, BP = (os.path.join(ROOT, d) for d in
                  ("examples", "test/Runtime", "test/Protocols",
                   "bench/protocols"))
V4 = "dense<[1, 2, 3, 4]> : tensor<4xi64>"
W4 = "dense<[10, 20, 30, 40]> : tensor<4xi64>"
CASES = {
    "sum": ["--sim", "3", f"{EX}/sum.mlir", "--arg", "0:0=1 : i64",
            "--arg", "1:1=2 : i64", "--arg", "2:2=3 : i64"],
    "millionaire": ["--sim", "2", f"{EX}/millionaire.mlir"],
    "nested_pcall": ["--sim", "2", f"{EX}/nested_pcall.mlir",
                     "--arg", "0:0=10 : i64", "--arg", "1:0=20 : i64"],
    "uniform_cond": ["--sim", "2", f"{EX}/uniform_cond.mlir"],
    "while_shuffle": ["--sim", "2", f"{EX}/while_shuffle.mlir"],
    "bfv_encrypted_add": ["--sim", "2", f"{EX}/bfv_encrypted_add.mlir",
                          "--arg", f"0:0={V4}", "--arg", f"1:1={W4}"],
    "bfv_mask_rotate": ["--sim", "2", f"{EX}/bfv_mask_rotate.mlir",
                        "--arg", f"0:0={V4}", "--arg", f"1:1={W4}"],
    "field aes": ["--sim", "2", f"{RT}/Dialects/Field/field-aes-ldpc.mlir",
                  "--entry", "aes"],
    "field gf128 sums": ["--sim", "2", f"{RT}/Dialects/Field/field-gf128.mlir",
                         "--entry", "sums"],
    "field okvs": ["--sim", "2", f"{RT}/Dialects/Field/field-okvs.mlir"],
    "base OT": ["--sim", "3", f"{PR}/base-ot.mlir"],
    "IKNP 2^16": ["--sim", "2", f"{PR}/iknp.mlir", "--entry", "rot65536"],
    "VOLE 128": ["--sim", "2", f"{PR}/vole.mlir", "--entry", "vole128"],
    "bench IKNP 2^20": ["--sim", "2", f"{BP}/iknp_rot.mlir"],
    "bench Gilboa VOLE 2^14": ["--sim", "2", f"{BP}/gilboa_vole.mlir"],
    "loop 2^20": ["--sim", "1", f"{RT}/Inputs/loop-2e20.mlir"],
}


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(args, mode, stats):
    start, start_cpu = time.perf_counter(), cpu()
    subprocess.run([RUN, *args, f"--jit={mode}", "--stats-json", stats],
                   check=True, stdout=subprocess.DEVNULL)
    wall, used = time.perf_counter() - start, cpu() - start_cpu
    with open(stats) as f:
        ranks = json.load(f)["ranks"]
    return 1000 * wall, 1000 * used, sum(r["jit_groups_compiled"] for r in ranks)


def main():
    stats = os.path.join(tempfile.mkdtemp(), "stats.json")
    print(f"median of {RUNS} runs, ms wall / CPU of the whole process\n")
    print("| program | --jit=off | --jit=auto | auto / off (CPU) "
          "| groups auto compiles |")
    print("|---|---:|---:|---:|---:|")
    for name, args in CASES.items():
        times = {"off": [], "auto": []}
        groups = 0
        for _ in range(RUNS):
            for mode in times:
                wall, used, compiled = run(args, mode, stats)
                times[mode].append((wall, used))
                if mode == "auto":
                    groups = compiled
        med = {m: [statistics.median(t[i] for t in v) for i in (0, 1)]
               for m, v in times.items()}
        (ow, oc), (aw, ac) = med["off"], med["auto"]
        print(f"| {name} | {ow:.0f} / {oc:.0f} | {aw:.0f} / {ac:.0f} "
              f"| {ac / oc:.2f} | {groups} |")


if __name__ == "__main__":
    main()
