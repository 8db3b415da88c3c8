#!/usr/bin/env python3
"""What a party's operator approves and what its worker releases, against a
driver that tries what the stock tools allow: another entry of an approved
module, other argument bindings, default kept names; error texts, statistics
and traces that follow private data; refusals that describe the data root;
fetching raw input files.

Usage: worker_approval.py WORKER RUN OPT INPUTS TMPDIR
(mplang-fetch is taken from WORKER's directory)

Prints one line per check, for FileCheck; exits non-zero on the first
surprise. Every worker started here is stopped here.
"""
import http.client
import json
import os
import struct
import subprocess
import sys
import time

# The shared helpers are in ../Utils.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Utils"))
from free_ports import cluster_config, free_ports  # noqa: E402

WORKER, RUN, OPT, INPUTS, TMP = sys.argv[1:6]
os.makedirs(TMP, exist_ok=True)
FETCH = os.path.join(os.path.dirname(WORKER), "mplang-fetch")
SALARY = os.path.join(INPUTS, "salary.mlir")
INDEX = os.path.join(INPUTS, "private-index.mlir")
HANG = os.path.join(INPUTS, os.pardir, "Backends", "hang.mlir")
DATA = os.path.join(TMP, "data")
procs = []


def healthy(port, token):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/v1/health", headers={
        "X-Mplang-From": "driver", "Authorization": "Bearer " + token})
    status = conn.getresponse().status
    conn.close()
    return status == 200


def workers(flags0, flags1=()):
    """Two workers over DATA/rankR, rank 0 with `flags0`; returns the
    cluster file and the path of rank 0's stderr, its operator's log. The
    workers started before are stopped."""
    stop()
    ports = free_ports(2)
    config, driver = cluster_config(ports)
    path = os.path.join(TMP, f"cluster-{ports[0]}.json")
    with open(path, "w") as f:
        json.dump(config, f)
    log = os.path.join(TMP, f"worker0-{ports[0]}.log")
    for r, flags in enumerate((flags0, flags1)):
        procs.append(subprocess.Popen(
            [WORKER, "--cluster", path, "--rank", str(r), "--quiet",
             "--data-root", os.path.join(DATA, f"rank{r}"), *flags],
            stderr=open(log if r == 0 else os.devnull, "w")))
    for p in ports:
        for _ in range(200):
            try:
                if healthy(p, driver):
                    break
            except OSError:
                pass
            time.sleep(0.05)
    return path, log


def stop():
    for proc in procs:
        proc.terminate()
    for proc in procs:
        proc.wait()
    procs.clear()


def run(path, *args):
    res = subprocess.run([RUN, "--cluster", path, *args],
                         capture_output=True, text=True)
    return res.returncode, (res.stdout + res.stderr).strip()


def fetch(path, uri, *args):
    res = subprocess.run([FETCH, "--cluster", path, "--rank", "0", uri, *args],
                         capture_output=True, text=True)
    return res.returncode, (res.stdout + res.stderr).strip()


def approvals(program, rank, *options):
    """mplang-opt's approval line of `rank` for an invocation."""
    lines = subprocess.run(
        [OPT, "--simp-program-digests=" + " ".join(options), "-o", os.devnull,
         program], capture_output=True, text=True, check=True).stdout
    return [line for line in lines.splitlines()
            if line.startswith(f"rank {rank}:")][0]


def write_npy(file, descr, shape, data):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        descr, shape)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    os.makedirs(os.path.dirname(file), exist_ok=True)
    with open(file, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) +
                header.encode() + data)


def check(name, got, code, text, absent=None):
    if got[0] != code or text not in got[1] or (absent and absent in got[1]):
        sys.exit(f"{name}: expected {code} '{text}' without '{absent}', "
                 f"got {got}")
    print(f"ok {name}: "
          f"{next(line for line in got[1].splitlines() if text in line)}")


def logged(log, text):
    for _ in range(100):
        if text in open(log).read():
            print(f"ok logged: {text}")
            return
        time.sleep(0.05)
    sys.exit(f"'{text}' is not in the worker's log: {open(log).read()}")


try:
    write_npy(os.path.join(DATA, "rank0", "salary.npy"), "<i8", "()",
              struct.pack("<q", 123456))
    write_npy(os.path.join(DATA, "rank0", "other.npy"), "<i8", "()",
              struct.pack("<q", 654321))
    write_npy(os.path.join(DATA, "rank0", "index.npy"), "<i8", "()",
              struct.pack("<q", 98765))
    write_npy(os.path.join(DATA, "rank0", "medical_2026.npy"), "<f4",
              "(512, 7)", bytes(512 * 7 * 4))
    os.makedirs(os.path.join(DATA, "rank1"), exist_ok=True)

    # P0 approves "P1 learns the salary in thousands", with the salary
    # loaded from its own file, and releases nothing to the driver.
    line = approvals(SALARY, 0, "inputs=0:0=@fs://salary.npy")
    print(line)
    approved = os.path.join(TMP, "approved.txt")
    with open(approved, "w") as f:
        f.write(line + "\n")
    path, log = workers(["--approved-programs", approved,
                         "--release-to-driver=none"])
    salary = ["--input", "0:0=@fs://salary.npy"]
    check("approved", run(path, SALARY, *salary), 0, "rank 1: 123 : i64")
    check("a private helper of the approved module",
          run(path, SALARY, "--entry", "to_p1", *salary), 1,
          "HTTP 403: the job of rank 0 (@to_p1(@fs://salary.npy) "
          "world_size=2 job-sha256:", absent="123456")
    check("another object", run(path, SALARY, "--input",
                                "0:0=@fs://other.npy"), 1,
          "HTTP 403: the job of rank 0 (@main(@fs://other.npy) world_size=2")
    check("a value for an object", run(path, SALARY, "--arg", "0:0=5 : i64"),
          1, "HTTP 403: the job of rank 0 (@main(value) world_size=2")

    # Kept results are approved with their names; a default name is fresh
    # for each run, so it is never approved.
    line = approvals(INDEX, 0, "inputs=0:0=@fs://index.npy",
                     "keep=0:0=mem://picked")
    print(line)
    with open(approved, "w") as f:
        f.write(line + "\n")
    write_npy(os.path.join(DATA, "rank0", "small.npy"), "<i8", "()",
              struct.pack("<q", 2))
    path, log = workers(["--approved-programs", approved,
                         "--release-to-driver=none"])
    index = ["--input", "0:0=@fs://index.npy"]
    check("a kept default name", run(path, INDEX, *index, "--keep", "all"), 1,
          "HTTP 403: the job of rank 0 (@main(@fs://index.npy) world_size=2")

    # A run-time error holds P0's private index: the driver gets the code
    # and a generic text, P0's operator the details.
    check("private error text",
          run(path, INDEX, *index, "--keep", "0:0=mem://picked"), 1,
          "rank 0 failed: rank 0: failed (its worker keeps the details in its "
          "log: --release-to-driver=none)", absent="98765")
    logged(log, "index 98765 is out of bounds for dimension 0 of size 4")

    # Which receive a timed-out job waits for follows its data too.
    path, log = workers(["--release-to-driver=none"])
    check("time-out", run(path, HANG, "--timeout", "1", "--arg", "0:0=true",
                          "--arg", "1:0=false", "--keep", "0:0=mem://h"), 1,
          "rank 0 failed: rank 0: deadline_exceeded (its worker keeps the "
          "details in its log", absent="waits for")
    logged(log, "rank 0 waits for tag 0 from rank 1")

    # Statistics and traces follow data-dependent loops.
    stats = os.path.join(TMP, "stats.json")
    check("statistics", run(path, INDEX, *index, "--keep", "0:0=mem://p",
                            "--stats-json", stats), 1,
          "HTTP 403: rank 0 releases no statistics or traces to the driver "
          "(--release-to-driver=none)")
    check("trace", run(path, INDEX, *index, "--keep", "0:0=mem://p",
                       "--trace", os.path.join(TMP, "trace.json")), 1,
          "HTTP 403: rank 0 releases no statistics or traces to the driver")

    # Refused references say nothing of the object: whether it exists, what
    # it holds.
    for name, uri in (("an object of another type", "fs://medical_2026.npy"),
                      ("a missing object", "fs://medical_2025.npy")):
        got = run(path, INDEX, "--input", "0:0=@" + uri, "--keep",
                  "0:0=mem://p")
        check(name, got, 1, f"HTTP 400: argument 0: @{uri} cannot be bound "
              "(rank 0 describes its objects only in its log: "
              "--release-to-driver=none)")
        for detail in ("512x7", "f32", "no such object"):
            if detail in got[1]:
                sys.exit(f"{name}: the refusal tells '{detail}': {got}")
    logged(log, "fs://medical_2026.npy holds a tensor<512x7xf32> where i64 "
           "is declared")

    # The operator may release run details, and only them.
    path, log = workers(["--release-to-driver=details"])
    check("details released",
          run(path, INDEX, *index, "--keep", "0:0=mem://picked"), 1,
          "index 98765 is out of bounds for dimension 0 of size 4")
    check("results still kept", run(path, INDEX, *index), 1,
          "HTTP 403: rank 0 releases no results to the driver")

    # With approved programs the driver fetches what jobs kept in memory,
    # not the files of the data root; the party itself still does.
    line = approvals(INDEX, 0, "inputs=0:0=@fs://small.npy",
                     "keep=0:0=mem://picked")
    with open(approved, "w") as f:
        f.write(line + "\n")
    path, log = workers(["--approved-programs", approved])
    check("approved, kept", run(path, INDEX, "--input", "0:0=@fs://small.npy",
                                "--keep", "0:0=mem://picked"), 0,
          "rank 0: mem://picked")
    check("fetch a kept object", fetch(path, "mem://picked"), 0,
          "dense<3> : tensor<i64>")
    check("fetch a file as the driver", fetch(path, "fs://salary.npy"), 1,
          "HTTP 403: rank 0 releases no files to the driver "
          "(--approved-programs)", absent="123456")
    check("fetch a file as the party", fetch(path, "fs://salary.npy", "--as",
                                             "n0"), 0, "dense<123456> : tensor<i64>")
finally:
    stop()
