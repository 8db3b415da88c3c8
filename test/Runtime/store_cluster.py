#!/usr/bin/env python3
"""Object stores on running workers: sessions, expiry, program approval,
liveness.

Usage: store_cluster.py WORKER RUN OPT SESSION.mlir EXAMPLES TMPDIR

Prints one line per check, for FileCheck; exits non-zero on the first
surprise. Every worker started here is stopped here.
"""
import http.client
import json
import os
import secrets
import socket
import subprocess
import sys
import time

WORKER, RUN, OPT, SESSION, EXAMPLES, TMP = sys.argv[1:7]
os.makedirs(TMP, exist_ok=True)
procs = []
X = "--arg=0:0=dense<[1, 2, 3, 4]> : tensor<4xi64>"
Y = "--arg=1:1=dense<[10, 20, 30, 40]> : tensor<4xi64>"


def get(port, path, token=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"X-Mplang-From": "driver"}
    if token:
        headers["Authorization"] = "Bearer " + token
    conn.request("GET", path, headers=headers)
    res = conn.getresponse()
    body = res.read()
    conn.close()
    return res.status, body


def workers(*flags):
    """A two-worker cluster started with `flags`; returns its file, ports
    and the driver's token once both answer."""
    socks = [socket.socket() for _ in range(2)]
    for s in socks:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    driver = secrets.token_hex(16)
    path = os.path.join(TMP, f"cluster-{ports[0]}.json")
    with open(path, "w") as f:
        json.dump({"nodes": [{"name": f"n{r}", "endpoint": f"127.0.0.1:{p}",
                              "token": secrets.token_hex(16)}
                             for r, p in enumerate(ports)],
                   "driver": {"token": driver}}, f)
    for r in range(2):
        procs.append(subprocess.Popen([WORKER, "--cluster", path, "--rank",
                                       str(r), "--quiet", *flags]))
    for p in ports:
        for _ in range(200):
            try:
                if get(p, "/v1/health", driver)[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.05)
    return path, ports, driver


def run(path, *args):
    res = subprocess.run([RUN, "--cluster", path, *args],
                         capture_output=True, text=True)
    return res.returncode, (res.stdout + res.stderr).strip()


def program_digests(program):
    """mplang-opt's `rank R: sha256:HEX` lines for `program`."""
    return subprocess.run(
        [OPT, "--simp-project", "--simp-program-digests", "-o", os.devnull,
         program], capture_output=True, text=True, check=True).stdout


def check(name, got, code, text):
    if got[0] != code or text not in got[1]:
        sys.exit(f"{name}: expected {code} '{text}', got {got}")
    print(f"ok {name}: {got[1].splitlines()[-1]}")


try:
    path, ports, driver = workers()

    # Liveness needs no credential and says nothing; the rest still does.
    status, body = get(ports[0], "/v1/live")
    print(f"ok live: {status} {len(body)} bytes")
    print(f"ok health without a token: {get(ports[0], '/v1/health')[0]}")

    # A session: keys made by one job, used by the next two.
    check("before keygen", run(path, SESSION, "--entry", "add", X, Y), 1,
          "mem://keys/pk: no such object in the party's store")
    check("keygen", run(path, SESSION, "--entry", "keygen"), 0,
          "rank 1: <absent>")
    check("add", run(path, SESSION, "--entry", "add", X, Y), 0,
          "rank 1: <absent>")
    print(run(path, SESSION, "--entry", "add", X, Y)[1].splitlines()[0])

    # Objects in memory expire; the worker goes on serving.
    path, ports, driver = workers("--store-ttl", "1")
    check("keygen", run(path, SESSION, "--entry", "keygen"), 0,
          "rank 0: <bfv.public_key>")
    time.sleep(1.5)
    check("expired", run(path, SESSION, "--entry", "add", X, Y), 1,
          "mem://keys/pk: expired (objects in memory are kept 1 s)")
    check("keygen again", run(path, SESSION, "--entry", "keygen"), 0,
          "rank 0: <bfv.public_key>")
    check("add again", run(path, SESSION, "--entry", "add", X, Y), 0,
          "rank 0: dense<[11, 22, 33, 44]>")

    # Program approval: digests of the session's per-rank programs.
    digests = program_digests(SESSION)
    other = program_digests(os.path.join(EXAMPLES, "bfv_encrypted_add.mlir"))
    approved = os.path.join(TMP, "approved.txt")
    with open(approved, "w") as f:
        f.write("# reviewed session programs\n" + digests)
    path, ports, driver = workers("--approved-programs", approved)
    check("approved, bytecode", run(path, SESSION, "--entry", "keygen"), 0,
          "rank 0: <bfv.public_key>")
    check("approved, text",
          run(path, SESSION, "--entry", "add", X, Y, "--module-text"), 0,
          "rank 0: dense<[11, 22, 33, 44]>")
    digest0 = other.splitlines()[0].split()[-1]
    check("unapproved",
          run(path, os.path.join(EXAMPLES, "bfv_encrypted_add.mlir"), X, Y),
          1, f"HTTP 403: the program of rank 0 ({digest0}) is not approved")
    check("approved after a refusal", run(path, SESSION, "--entry", "keygen"),
          0, "rank 0: <bfv.public_key>")
finally:
    for proc in procs:
        proc.terminate()
    for proc in procs:
        proc.wait()
