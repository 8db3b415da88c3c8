#!/usr/bin/env python3
"""Secret-shared arithmetic (docs/ss.md): products, comparisons and a
matrix product per second, with bytes and messages.

Usage: /usr/bin/python3 bench/ss_bench.py [--build DIR] [--local]
           [WORKLOAD:N ...]
       (defaults: build, --sim 2, mul:16 mul:65536 mul:1048576 lt:16
       lt:65536 lt:1048576 matmul:128; --local runs on two local workers;
       $SS_BENCH_REPS runs each that many times, default 3)

Each program shares P0's and P1's random int64 inputs, runs one op on them
and reveals the sum of the results to P0:
  mul n     one `ss.mul` of two vectors of n (one Beaver protocol call, its
            triples from OT multiplication);
  lt n      one `ss.lt` of two vectors of n in [-2^62, 2^62) (the sign of
            the difference: 13 ANDs of words and a multiplication);
  matmul n  one `ss.matmul` of two n x n matrices (n^3 products);
  rmul n, rlt n, rmatmul n  the same under three-party replicated
            sharing (#ss.replicated, ABY3): P0, P1 and P2 hold the shares,
            P0 and P1 the inputs (a product is one reshare of n elements, a
            matrix product one of n x n, a comparison a bit extraction of
            ten rounds).
The wall time of each party, the bytes and messages it sent come from
--stats-json, best of the runs by the slower party, and so do P0's
messages, bytes and rounds per ss op (the protocol calls the lowering
marks, docs/runtime.md); the rate is the op count
(n elements, or one matrix product) over that party's time, sharing and
revealing included. The CPU time of the whole run (both parties, the process
and its workers) is given too: on a loaded machine it is the steadier
figure. n = 16 shows the fixed costs (base OTs, the program's parse and
link).
"""
import argparse
import json
import os
import resource
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPS = int(os.environ.get("SS_BENCH_REPS", "3"))
DEFAULT_JOBS = ["mul:16", "mul:65536", "mul:1048576", "lt:16", "lt:65536",
                "lt:1048576", "matmul:128"]
# The workloads under three-party replicated sharing.
REPLICATED = {"rmul": "mul", "rlt": "lt", "rmatmul": "matmul"}


def random_input(rank, t, shift=0):
    """A value of `t` made of random words on `rank` (shifted right
    arithmetically by `shift` bits)."""
    body = f"%r = crypto.random_bytes : {t}"
    if shift:
        body += (f"\n      %c = arith.constant dense<{shift}> : {t}"
                 f"\n      %v = arith.shrsi %r, %c : {t}")
    out = "%v" if shift else "%r"
    return f"""%x{rank} = simp.pcall [{rank}] () : () -> !simp.mp<{t}, [{rank}]> {{
      {body}
      simp.yield {out} : {t}
    }}
    %s{rank} = ss.share %x{rank} : !simp.mp<{t}, [{rank}]> -> !ss.share<{t}, [0, 1]>"""


def program(workload, n):
    if workload == "matmul":
        t = out = f"tensor<{n}x{n}xi64>"
        op = (f"%p = ss.matmul %s0, %s1 : !ss.share<{t}, [0, 1]>, "
              f"!ss.share<{t}, [0, 1]> -> !ss.share<{out}, [0, 1]>")
        dims = "[0, 1]"
    else:
        t = out = f"tensor<{n}xi64>"
        op = f"%p = ss.{workload} %s0, %s1 : !ss.share<{t}, [0, 1]>"
        dims = "[0]"
    shift = 2 if workload == "lt" else 0
    return f"""module attributes {{simp.world_size = 2 : i64}} {{
  func.func @main() -> !simp.mp<tensor<i64>, [0]> {{
    {random_input(0, t, shift)}
    {random_input(1, t, shift)}
    {op}
    %t = ss.sum %p {dims} : !ss.share<{out}, [0, 1]> -> !ss.share<tensor<i64>, [0, 1]>
    %r = ss.reveal %t : !ss.share<tensor<i64>, [0, 1]> -> !simp.mp<tensor<i64>, [0]>
    return %r : !simp.mp<tensor<i64>, [0]>
  }}
}}
"""


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def replicated_program(workload, n):
    """`program(workload, n)` with the shares of #ss.replicated among P0,
    P1 and P2."""
    text = program(REPLICATED[workload], n)
    return (text.replace("world_size = 2", "world_size = 3")
            .replace(", [0, 1]>", ", [0, 1, 2], #ss.replicated>"))


def run(tool, mode, path, parties):
    """Per rank (wall seconds, bytes sent, messages sent, measured ops) of
    one run, and its CPU seconds."""
    with tempfile.NamedTemporaryFile(suffix=".json") as stats:
        before = cpu_seconds()
        subprocess.run([tool, mode, str(parties), path, "--stats-json", stats.name,
                        "--timeout", "3600"],
                       check=True, stdout=subprocess.DEVNULL)
        cpu = cpu_seconds() - before
        ranks = json.load(open(stats.name))["ranks"]
    return [(r["wall_us"] / 1e6, sum(p["bytes_sent"] for p in r["peers"]),
             sum(p["messages_sent"] for p in r["peers"]), r["measured_ops"])
            for r in ranks], cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--local", action="store_true",
                        help="run on two local workers (default: --sim)")
    parser.add_argument("jobs", nargs="*", default=DEFAULT_JOBS,
                        help="WORKLOAD:N, WORKLOAD mul, lt, matmul, rmul, rlt or rmatmul")
    args = parser.parse_args()
    tool = os.path.join(args.build, "bin", "mplang-run")
    mode = "--local" if args.local else "--sim"
    print(f"mplang-run {mode} 2 (3 for rmul, rlt, rmatmul)")
    print(f"{'op':>7}{'n':>9}{'P0 s':>9}{'P1 s':>9}{'P0 MB sent':>12}"
          f"{'P1 MB sent':>12}{'P0 msgs':>9}{'bytes/op':>11}{'op/s':>11}"
          f"{'CPU s':>8}")
    measured = []
    with tempfile.TemporaryDirectory() as tmp:
        for job in args.jobs:
            workload, n = job.split(":")
            n = int(n)
            path = os.path.join(tmp, f"{workload}{n}.mlir")
            replicated = workload in REPLICATED
            with open(path, "w") as f:
                f.write(replicated_program(workload, n) if replicated
                        else program(workload, n))
            best, cpu = min((run(tool, mode, path, 3 if replicated else 2)
                             for _ in range(REPS)),
                            key=lambda r: max(w for w, *_ in r[0]))
            slow = max(w for w, *_ in best)
            sent = sum(b for _, b, *_ in best)
            count = 1 if workload.endswith("matmul") else n
            print(f"{workload:>7}{n:>9}{best[0][0]:>9.3f}"
                  f"{best[1][0]:>9.3f}{best[0][1] / 1e6:>12.2f}"
                  f"{best[1][1] / 1e6:>12.2f}{best[0][2]:>9}"
                  f"{sent / count:>11.0f}{count / slow:>11.3g}"
                  f"{cpu:>8.2f}", flush=True)
            measured += [(job, m) for m in best[0][3]]
    print("P0 per ss op (--stats): calls, elements, messages, bytes, rounds")
    for job, m in measured:
        rounds = "?" if m["rounds"] < 0 else m["rounds"]
        print(f"{job:>14} {m['op']:>10}{m['calls']:>6}{m['elements']:>10}"
              f"{m['messages_sent']:>9}{m['bytes_sent']:>14}{rounds:>7}")


if __name__ == "__main__":
    main()
