#!/usr/bin/env python3
"""Object stores on running workers: sessions, expiry, program approval,
liveness, inputs by reference, kept results and who may fetch them.

Usage: store_cluster.py WORKER RUN OPT SESSION.mlir EXAMPLES CERTS TMPDIR
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

WORKER, RUN, OPT, SESSION, EXAMPLES, CERTS, TMP = sys.argv[1:8]
os.makedirs(TMP, exist_ok=True)
procs = []
FETCH = os.path.join(os.path.dirname(WORKER), "mplang-fetch")
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


def workers(*flags, data=None, tls=False):
    """A two-worker cluster started with `flags` (and rank R with
    --data-root DATA/rankR; with `tls`, mutual TLS with certificates from
    CERTS); returns its file, ports and the driver's token once both answer
    (with TLS, mplang-run waits for them instead)."""
    ports = free_ports(2)
    config, driver = cluster_config(ports)
    directory = TMP
    if tls:
        directory = os.path.join(TMP, "certs")
        subprocess.run([CERTS, directory, "n0", "n1", "driver"], check=True,
                       stdout=subprocess.DEVNULL)
        for who in (*config["nodes"], config["driver"]):
            name = who.get("name", "driver")
            who.update(tls_cert=f"{name}.pem", tls_key=f"{name}.key")
        config["tls"] = {"ca": "ca.pem", "mutual": True}
    path = os.path.join(directory, f"cluster-{ports[0]}.json")
    with open(path, "w") as f:
        json.dump(config, f)
    for r in range(2):
        root = ["--data-root", os.path.join(data, f"rank{r}")] if data else []
        procs.append(subprocess.Popen([WORKER, "--cluster", path, "--rank",
                                       str(r), "--quiet", *flags, *root]))
    for p in ports if not tls else []:
        end = time.monotonic() + 60
        while time.monotonic() < end:
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


def program_digests(program, *options):
    """mplang-opt's `rank R: ... job-sha256:HEX` lines for an invocation of
    `program`."""
    return subprocess.run(
        [OPT, "--simp-program-digests=" + " ".join(options), "-o", os.devnull,
         program], capture_output=True, text=True, check=True).stdout


def fetch(path, rank, uri, *args):
    res = subprocess.run([FETCH, "--cluster", path, "--rank", str(rank), uri,
                          *args], capture_output=True, text=True)
    return res.returncode, (res.stdout + res.stderr).strip()


def write_npy(file, values):
    """An int64 vector as NumPy writes it."""
    header = "{'descr': '<i8', 'fortran_order': False, 'shape': (%d,), }" % (
        len(values))
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    os.makedirs(os.path.dirname(file), exist_ok=True)
    with open(file, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) +
                header.encode() + struct.pack(f"<{len(values)}q", *values))


def check(name, got, code, text):
    if got[0] != code or text not in got[1]:
        sys.exit(f"{name}: expected {code} '{text}', got {got}")
    print(f"ok {name}: {(got[1].splitlines() or [''])[-1]}")


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

    # Objects in memory expire; the worker goes on serving. Only a fetch,
    # not a job (which may compile, slowly on a loaded machine), must follow
    # a save within the time-to-live; the sleeps are at least that long.
    path, ports, driver = workers("--store-ttl", "4")
    check("keygen", run(path, SESSION, "--entry", "keygen"), 0,
          "rank 0: <bfv.public_key>")
    time.sleep(4.5)
    check("expired", run(path, SESSION, "--entry", "add", X, Y), 1,
          "mem://keys/pk: expired (objects in memory are kept 4 s)")
    check("keygen again", run(path, SESSION, "--entry", "keygen"), 0,
          "rank 0: <bfv.public_key>")
    status, _ = get(ports[0], "/v1/objects?uri=mem://keys/pk", driver)
    print(f"ok the new key is kept: {status}")
    check("fetch a key", fetch(path, 0, "mem://keys/pk"), 0,
          "<bfv.public_key>")
    time.sleep(4.5)
    check("fetch expired", fetch(path, 0, "mem://keys/pk"), 1,
          "HTTP 410: mem://keys/pk: expired")

    # Program approval: digests of the session's two jobs.
    digests = (program_digests(SESSION, "entry=keygen") +
               program_digests(SESSION, "entry=add"))
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
          1, f"HTTP 403: the job of rank 0 (@main(value) world_size=2 "
          f"{digest0}) is not approved")
    check("approved after a refusal", run(path, SESSION, "--entry", "keygen"),
          0, "rank 0: <bfv.public_key>")

    # The deployment: each party's input loaded by its own worker
    # from its own data root, the result kept on P0, and workers that
    # release nothing to the driver.
    data = os.path.join(TMP, "data")
    write_npy(os.path.join(data, "rank0", "x.npy"), [1, 2, 3, 4])
    write_npy(os.path.join(data, "rank1", "y.npy"), [10, 20, 30, 40])
    path, ports, driver = workers("--release-to-driver=none", data=data)
    add = os.path.join(EXAMPLES, "bfv_encrypted_add.mlir")
    by_ref = ["--input", "0:0=@fs://x.npy", "--input", "1:1=@fs://y.npy"]
    check("results to a driver not released to",
          run(path, add, *by_ref), 1,
          "HTTP 403: rank 0 releases no results to the driver "
          "(--release-to-driver=none), and @main returns 1: keep them on "
          "this party (mplang-run --keep)")
    jobs = os.path.join(TMP, "jobs.bin")
    got = run(path, add, *by_ref, "--keep", "0:0=mem://sum",
              "--record-requests", jobs)
    check("kept", got, 0, "rank 0: mem://sum")
    print(got[1])
    sent = open(jobs, "rb").read()
    for name, values in (("x", [1, 2, 3, 4]), ("y", [10, 20, 30, 40])):
        print(f"ok driver sent {name}'s bytes: "
              f"{struct.pack('<4q', *values) in sent}, its URI: "
              f"{f'@fs://{name}.npy'.encode() in sent}")
    check("fetch as the driver", fetch(path, 0, "mem://sum"), 1,
          "HTTP 403: rank 0 releases no objects to the driver")
    check("fetch with another party's token",
          fetch(path, 0, "mem://sum", "--as", "n1"), 1,
          "HTTP 403: objects of rank 0 are released to rank 0 only, not to "
          "rank 1")
    check("fetch a missing object", fetch(path, 0, "mem://nothing", "--as",
                                          "n0"), 1,
          "HTTP 404: mem://nothing: no such object in the party's store")
    check("fetch outside the root",
          fetch(path, 0, "fs:///etc/passwd", "--as", "n0"), 1,
          "absolute paths are not allowed")
    check("fetch with the party's own token",
          fetch(path, 0, "mem://sum", "--as", "n0"), 0,
          "dense<[11, 22, 33, 44]> : tensor<4xi64>")
    out = os.path.join(TMP, "sum.npy")
    check("fetch into a file",
          fetch(path, 0, "mem://sum", "--as", "n0", "-o", out), 0, "")
    body = open(out, "rb").read()
    print("ok fetched file:", struct.unpack("<4q", body[-32:]))
    check("default URI", run(path, add, *by_ref, "--keep", "all"), 0,
          "rank 0: mem://run-")

    # The same deployment with approval: the job with its inputs by
    # reference and its result kept under the approved name runs.
    approved = os.path.join(TMP, "approved-kept.txt")
    with open(approved, "w") as f:
        f.write(program_digests(add, "inputs=0:0=@fs://x.npy,1:1=@fs://y.npy",
                                "keep=0:0=mem://sum"))
    path, ports, driver = workers("--release-to-driver=none",
                                  "--approved-programs", approved, data=data)
    check("approved, kept", run(path, add, *by_ref, "--keep",
                                "0:0=mem://sum"), 0, "rank 0: mem://sum")

    # The same over mutual TLS: the owner's token and certificate fetch.
    path, ports, driver = workers("--release-to-driver=none", data=data,
                                  tls=True)
    check("kept over TLS", run(path, add, *by_ref, "--keep", "0:0=mem://sum"),
          0, "rank 1: <absent>")
    check("fetch over TLS as the driver", fetch(path, 0, "mem://sum"), 1,
          "HTTP 403: rank 0 releases no objects to the driver")
    check("fetch over TLS as another party",
          fetch(path, 0, "mem://sum", "--as", "n1"), 1,
          "HTTP 403: objects of rank 0 are released to rank 0 only")
    check("fetch over TLS as the owner",
          fetch(path, 0, "mem://sum", "--as", "n0"), 0,
          "dense<[11, 22, 33, 44]> : tensor<4xi64>")
finally:
    for proc in procs:
        proc.terminate()
    for proc in procs:
        proc.wait()
