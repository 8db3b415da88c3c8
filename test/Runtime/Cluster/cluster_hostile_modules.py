#!/usr/bin/env python3
"""Job bodies that once killed or confused a real mplang-worker.

Usage: cluster_hostile_modules.py WORKER CRASHES TMPDIR

Modules that crash MLIR 19's parsers (CRASHES/parser-crash-*.mlir, and a
type nested deep enough to exhaust a thread's stack) and job headers with
numbers out of range each get a 400 naming the cause; the worker then
still runs a normal job, and 16 submissions at once get their own answers. Prints one line per check, for FileCheck; exits
non-zero on the first surprise.
"""
import http.client
import json
import os
import secrets
import struct
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

# The shared helpers are in ../Utils.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Utils"))
from free_ports import free_ports  # noqa: E402

WORKER, CRASHES, TMP = sys.argv[1:4]
os.makedirs(TMP, exist_ok=True)
# Rank 1 is never started: a job of rank 0 may wait for it.
port, peer = free_ports(2)
driver = secrets.token_hex(16)
cluster = os.path.join(TMP, "cluster.json")
with open(cluster, "w") as f:
    json.dump({"nodes": [{"name": f"n{r}", "endpoint": f"127.0.0.1:{p}",
                          "token": secrets.token_hex(16)}
                         for r, p in enumerate((port, peer))],
               "driver": {"token": driver}}, f)


def request(method, path, body=b""):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request(method, path, body=body,
                 headers={"X-Mplang-From": "driver",
                          "Authorization": "Bearer " + driver})
    res = conn.getresponse()
    data = res.read()
    conn.close()
    return res.status, data.decode(errors="replace").strip()


def job_body(module, **header):
    head = json.dumps({"entry": "main", "timeout_s": 30, "num_args": 0,
                       **header}).encode()
    return (b"MPJ1" + struct.pack("<I", len(head)) + head +
            struct.pack("<Q", len(module)) + module)


def expect(name, got, status, text):
    if got[0] != status or text not in got[1]:
        sys.exit(f"{name}: expected {status} '{text}', got {got}")
    print(f"ok {name}: {got[0]} {got[1].splitlines()[0]}")


def alive():
    return worker.poll() is None


worker = subprocess.Popen([WORKER, "--cluster", cluster, "--rank", "0",
                           "--quiet"])
try:
    for _ in range(200):
        try:
            if request("GET", "/v1/health")[0] == 200:
                break
        except OSError:
            time.sleep(0.05)
    else:
        sys.exit("the worker never became healthy")

    crashes = {}
    for name in ("scf-for", "linalg-reduce"):
        with open(os.path.join(CRASHES, f"parser-crash-{name}.mlir"),
                  "rb") as f:
            module = crashes[name] = f.read()
        expect(f"module crashing the {name} parser",
               request("POST", f"/v1/jobs/crash-{name}", job_body(module)),
               400, "the module crashed the parser (signal 11")
        print("worker alive:", alive())
    deep = (b"module attributes {simp.world_size = 1 : i64, a.b = " +
            b"tuple<" * 100000 + b"i8" + b">" * 100000 + b"} {}")
    expect("type nested 100000 deep", request("POST", "/v1/jobs/deep",
                                              job_body(deep)),
           400, "the module crashed the parser (signal 11")
    expect("malformed module", request("POST", "/v1/jobs/bad",
                                       job_body(b"module { oops")),
           400, "malformed module:\nloc(\"job-bad\":1:10): custom op 'oops' is"
           " unknown")

    # Header numbers out of their range: JSON's conversions once wrapped -1
    # to 4294967295 s, 2^32 + 1 to 1 s, and 1e300 was undefined behaviour.
    ok = b"module attributes {simp.world_size = 1 : i64} {}"
    for value in ("1e300", "-1", "4294967297"):
        expect(f"timeout_s {value}",
               request("POST", "/v1/jobs/t", job_body(ok, timeout_s=json.loads(
                   value))), 400, "bad job header: timeout_s must be a whole "
               "number from 0 to 4294967295, not ")
    for value in (0, 1.5):
        expect(f"trace_max_events {value}",
               request("POST", "/v1/jobs/t", job_body(
                   ok, trace=True, trace_max_events=value)), 400,
               "bad job header: trace_max_events must be a whole number from"
               f" 1 to 18446744073709551615, not {value}")

    normal = (b"module attributes {simp.world_size = 2 : i64} {"
              b" module attributes {simp.rank = 0 : i64} {"
              b" func.func @main() -> i64 {"
              b" %c = arith.constant 42 : i64 return %c : i64 } } }")
    expect("normal job", request("POST", "/v1/jobs/normal", job_body(normal)),
           201, '{"job":"normal"}')
    expect("normal job ends", request("GET", "/v1/jobs/normal?wait_ms=10000"),
           200, '"state":"succeeded"')

    # timeout_s 0 is mplang-run's --timeout 0, no time-out: the job once
    # timed out at once ("timed out after 0 s").
    waits = (b"module attributes {simp.world_size = 2 : i64} {"
             b" module attributes {simp.rank = 0 : i64} {"
             b" func.func @main() -> i64 {"
             b" %0 = simp.recv from 1 tag 9 : i64 return %0 : i64 } } }")
    expect("job without a time-out",
           request("POST", "/v1/jobs/forever", job_body(waits, timeout_s=0)),
           201, '{"job":"forever"}')
    time.sleep(1)
    expect("still waiting after 1 s", request("GET", "/v1/jobs/forever"), 200,
           '{"job":"forever","ops_done":0,"ops_known":1,"state":"running"}')
    request("DELETE", "/v1/jobs/forever")

    # Checks at once do not share their children's pipes or answers.
    def submit(i):
        body = job_body(crashes["scf-for"] if i % 2 else normal)
        return request("POST", f"/v1/jobs/c{i}", body)[0]
    with ThreadPoolExecutor(8) as pool:
        print("16 submissions at once:", list(pool.map(submit, range(16))))
finally:
    if worker.poll() is None:
        worker.kill()
    worker.wait()
