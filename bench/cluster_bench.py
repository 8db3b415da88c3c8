#!/usr/bin/env python3
"""Message throughput and latency between two mplang-worker processes.

Usage: cluster_bench.py BUILD_DIR [--reps N]

Runs programs that pass one tensor back and forth K times between rank 0 and
rank 1 (each hop is one message: the tensor written from its buffer, HTTP PUT,
read into a new tensor, mailbox, receive) with
`mplang-run --cluster` on two workers on 127.0.0.1, and reports, per tensor
size, the time per hop as the slope between a short and a long chain (so the
driver's fixed costs cancel), messages/s and MB/s (1 MB = 1e6 bytes).
"""
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time

BUILD = sys.argv[1]
REPS = int(sys.argv[sys.argv.index("--reps") + 1]) if "--reps" in sys.argv else 5
RUN = os.path.join(BUILD, "bin", "mplang-run")
WORKER = os.path.join(BUILD, "bin", "mplang-worker")
# (label, elements of i64, short chain, long chain); the fastest of the
# repetitions counts, as the machine is shared.
SIZES = [("1 KiB", 128, 10, 2010), ("1 MiB", 131072, 4, 84),
         ("64 MiB", 8388608, 2, 18)]


def program(elements, hops):
    t = f"tensor<{elements}xi64>"
    # Nothing is returned: printing a 64 MiB result would cost seconds.
    lines = ["module attributes {simp.world_size = 2 : i64} {",
             "  func.func @main() {",
             f"    %x0 = simp.pcall [0] () : () -> !simp.mp<{t}, [0]> {{",
             f"      %c = arith.constant dense<1> : {t}",
             f"      simp.yield %c : {t}", "    }"]
    for i in range(hops):
        src, dst = i % 2, (i + 1) % 2
        lines.append(f"    %x{i + 1} = simp.shuffle %x{i} [{dst} <- {src}] : "
                     f"!simp.mp<{t}, [{src}]> -> !simp.mp<{t}, [{dst}]>")
    lines += ["    return", "  }", "}"]
    return "\n".join(lines)


def main():
    tmp = tempfile.mkdtemp(prefix="mplang-bench-")
    socks = [socket.socket() for _ in range(2)]
    for s in socks:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    cluster = os.path.join(tmp, "cluster.json")
    with open(cluster, "w") as f:
        json.dump({"nodes": [{"name": f"n{r}", "endpoint": f"127.0.0.1:{p}"}
                             for r, p in enumerate(ports)],
                   "secret": secrets.token_hex(16)}, f)
    workers = [subprocess.Popen([WORKER, "--cluster", cluster, "--rank",
                                 str(r), "--quiet"]) for r in range(2)]
    try:
        print("| tensor | time per hop | messages/s | MB/s | round trip |"
              " per hop in --sim | transport part of a hop (MB/s) |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        # The workers keep freed buffers for reuse (mallopt in mplang-worker);
        # give the simulator the same allocator settings, or it pays page
        # faults the workers do not.
        env = dict(os.environ, GLIBC_TUNABLES="glibc.malloc.arena_max=1:"
                   "glibc.malloc.mmap_max=0:glibc.malloc.trim_threshold=1073741824")
        for label, elements, short, long in SIZES:
            per_hop = {}
            for mode in (["--cluster", cluster], ["--sim", "2"]):
                times = {}
                for hops in (short, long):
                    path = os.path.join(tmp, f"p{elements}_{hops}.mlir")
                    with open(path, "w") as f:
                        f.write(program(elements, hops))
                    samples = []
                    for _ in range(REPS):
                        start = time.perf_counter()
                        subprocess.run([RUN, *mode, path], check=True,
                                       stdout=subprocess.DEVNULL, env=env)
                        samples.append(time.perf_counter() - start)
                    times[hops] = min(samples)
                if "-v" in sys.argv:
                    print(label, mode[0], {h: f"{t * 1e3:.1f} ms"
                                           for h, t in times.items()})
                per_hop[mode[0]] = (times[long] - times[short]) / (long - short)
            hop, sim = per_hop["--cluster"], per_hop["--sim"]
            mb = elements * 8 / 1e6
            print(f"| {label} | {hop * 1e6:.0f} us | {1 / hop:.0f} |"
                  f" {mb / hop:.0f} | {2 * hop * 1e6:.0f} us |"
                  f" {sim * 1e6:.0f} us | {hop * 1e6 - sim * 1e6:.0f} us"
                  f" ({mb / max(hop - sim, 1e-9):.0f}) |")
    finally:
        for w in workers:
            w.terminate()
            w.wait()


main()
