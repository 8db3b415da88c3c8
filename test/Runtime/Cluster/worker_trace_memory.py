#!/usr/bin/env python3
"""A worker's memory with a traced run, and where its trace goes.

Usage: worker_trace_memory.py WORKER RUN PROGRAM MAX_MIB TMPDIR [RUN_ARGS...]

Starts one mplang-worker (interpreting: --jit=off) with TMPDIR/tmp as its
temporary directory, runs PROGRAM on it with --trace TMPDIR/trace.json and
RUN_ARGS, then stops it. Prints the driver's output, the worker's peak
resident memory against MAX_MIB (its own, from wait4: not the driver's) and
the trace files left in its temporary directory (none: the trace is written
to a file, sent from there and removed once fetched). Exits non-zero on a
failure.
"""
import json
import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request

# The shared helpers are in ../Utils.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Utils"))
from free_ports import free_ports  # noqa: E402

WORKER, RUN, PROGRAM, MAX_MIB, TMP = sys.argv[1:6]
RUN_ARGS = sys.argv[6:]
shutil.rmtree(TMP, ignore_errors=True)
temp = os.path.join(TMP, "tmp")
os.makedirs(temp)
(port,) = free_ports(1)
driver = secrets.token_hex(16)
config = os.path.join(TMP, "cluster.json")
with open(config, "w") as f:
    json.dump({"nodes": [{"name": "n0", "endpoint": f"127.0.0.1:{port}",
                          "token": secrets.token_hex(16)}],
               "driver": {"token": driver}}, f)

worker = subprocess.Popen(
    [WORKER, "--cluster", config, "--rank", "0", "--quiet", "--jit=off"],
    env=dict(os.environ, TMPDIR=temp))
health = urllib.request.Request(
    f"http://127.0.0.1:{port}/v1/health",
    headers={"Authorization": f"Bearer {driver}", "X-Mplang-From": "driver"})
for _ in range(200):
    try:
        urllib.request.urlopen(health, timeout=1)
        break
    except OSError:
        time.sleep(0.05)

run = subprocess.run([RUN, "--cluster", config, PROGRAM, "--trace",
                      os.path.join(TMP, "trace.json")] + RUN_ARGS,
                     capture_output=True, text=True)
print(run.stdout.strip(), flush=True)
worker.terminate()
_, _, usage = os.wait4(worker.pid, 0)
if run.returncode:
    sys.exit(f"mplang-run failed: {run.stderr}")
peak_mib = usage.ru_maxrss / 1024
if peak_mib > int(MAX_MIB):
    sys.exit(f"worker peak RSS {peak_mib:.0f} MiB is over {MAX_MIB} MiB")
print(f"worker peak RSS under {MAX_MIB} MiB")
print(f"worker trace files left: {len(os.listdir(temp))}")
