#!/usr/bin/env python3
"""A worker's JIT compiles bounded by each job's time, and not holding up
other jobs.

Usage: jit_worker_compile.py WORKER RUN CHAIN TMPDIR

One worker with --jit=on and a --jit-cache. A job whose loop body is a
chain of 8000 ops (compiled as 16 groups, seconds of work) is sent; once
the first of its groups is in the cache (it is compiling the others), a
small job with a group of its own runs to its result while the big job's
driver still waits (ordering, not time: the small job's compile used to
wait for the big one's, held under one process-wide lock). Then a job of
32000 ops (64 groups) with --timeout 2, over a loop that compiled takes
milliseconds and interpreted far longer: it times out, since its compile
counts in its time and stops at its deadline (it used to compile for its
whole length, time not counted, and then succeed). Prints one line per check, for FileCheck; exits
non-zero on the first surprise.
"""
import json
import os
import secrets
import shutil
import subprocess
import sys
import time

# The shared helpers are in ../Utils.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Utils"))
from free_ports import free_ports  # noqa: E402

WORKER, RUN, CHAIN, TMP = sys.argv[1:5]
shutil.rmtree(TMP, ignore_errors=True)
os.makedirs(TMP)


def program(name, n, kind, trips):
    path = os.path.join(TMP, name)
    with open(path, "w") as f:
        subprocess.run([sys.executable, CHAIN, str(n), kind, str(trips)],
                       stdout=f, check=True)
    return path


def driver(cluster, prog, timeout):
    return subprocess.Popen([RUN, "--cluster", cluster, "--timeout",
                             str(timeout), prog], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def expect(name, proc, code, text):
    out = proc.communicate()[0].strip()
    if proc.returncode != code or text not in out:
        sys.exit(f"{name}: expected {code} '{text}', got {proc.returncode} "
                 f"{out!r}")
    print(f"ok {name}: {out.splitlines()[-1]}")


big = program("big.mlir", 8000, "scalar", 64)
slow = program("slow.mlir", 32000, "scalar", 2000)
small = program("small.mlir", 3, "tensor", 64)
probe = program("probe.mlir", 1, "scalar", 1)
port = free_ports(1)[0]
cluster = os.path.join(TMP, "cluster.json")
with open(cluster, "w") as f:
    json.dump({"nodes": [{"name": "n0", "endpoint": f"127.0.0.1:{port}",
                          "token": secrets.token_hex(16)}],
               "driver": {"token": secrets.token_hex(16)}}, f)
cache = os.path.join(TMP, "cache")
worker = subprocess.Popen([WORKER, "--cluster", cluster, "--rank", "0",
                           "--quiet", "--jit=on", "--jit-cache", cache])
try:
    # The worker answers.
    for _ in range(200):
        if subprocess.run([RUN, "--cluster", cluster, probe],
                          capture_output=True).returncode == 0:
            break
        time.sleep(0.05)

    stored = len(os.listdir(cache))
    first = driver(cluster, big, 120)
    # Until the big job compiled a group (at most a minute).
    for _ in range(600):
        if len(os.listdir(cache)) > stored or first.poll() is not None:
            break
        time.sleep(0.1)
    expect("small job during a big compile", driver(cluster, small, 10), 0,
           "rank 0: dense<[-6677145982636254201, -4542480424579921912, "
           "8328403978547424265, 7216666086046875658]> : tensor<4xi64>")
    if first.poll() is not None:
        sys.exit("the big job ended before the small one: "
                 + first.communicate()[0])
    print("ok the big job was still running")
    expect("big job", first, 0, "rank 0: ")

    expect("big job's timeout", driver(cluster, slow, 2), 1,
           "timed out after 2 s")
finally:
    worker.terminate()
    worker.wait()
