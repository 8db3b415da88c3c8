#!/usr/bin/env python3
"""Workers serving HTTPS with certificates from make-test-certs.sh.

Usage: cluster_tls.py WORKER RUN CERTS_SCRIPT PROGRAM TMPDIR

Runs PROGRAM over TLS, then with a cluster file trusting another CA (the
driver must refuse the workers); then on workers with mutual TLS: the run
works with the driver's certificate, and clients without a certificate, with
one from another CA, or with another party's certificate are refused.
Prints results for FileCheck.
"""
import hashlib
import hmac
import http.client
import os
import shutil
import socket
import ssl
import subprocess
import sys

WORKER, RUN, CERTS, PROGRAM, TMP = sys.argv[1:6]
SECRET = "0123456789abcdef-tls"
shutil.rmtree(TMP, ignore_errors=True)
subprocess.run([CERTS, TMP, "a", "b", "driver"], check=True,
               stdout=subprocess.DEVNULL)
subprocess.run([CERTS, os.path.join(TMP, "other"), "x"], check=True,
               stdout=subprocess.DEVNULL)
socks = [socket.socket() for _ in range(4)]
for s in socks:
    s.bind(("127.0.0.1", 0))
ports = [s.getsockname()[1] for s in socks]
for s in socks:
    s.close()


def cluster(name, ca, ports, mutual=False, driver_cert="driver"):
    path = os.path.join(TMP, name)
    with open(path, "w") as f:
        f.write("nodes:\n")
        for node, port in zip("ab", ports):
            f.write(f"  - {{name: {node}, endpoint: \"https://127.0.0.1:{port}\","
                    f" tls_cert: {node}.pem, tls_key: {node}.key}}\n")
        f.write(f"secret: \"{SECRET}\"\n")
        if mutual:
            f.write(f"tls: {{ca: {ca}, mutual: true}}\n"
                    f"driver: {{tls_cert: {driver_cert}.pem,"
                    f" tls_key: {driver_cert}.key}}\n")
        else:
            f.write(f"tls: {{ca: {ca}}}\n")
    return path


def start(path):
    return [subprocess.Popen([WORKER, "--cluster", path, "--rank", str(r),
                              "--quiet"]) for r in range(2)]


def run(path):
    run = subprocess.run([RUN, "--cluster", path, PROGRAM],
                         capture_output=True, text=True, timeout=60)
    print(f"exit {run.returncode}")
    print(run.stdout + run.stderr)


def health(name, port, cert=None, sender="driver"):
    """GET /v1/health as `sender` (with its token) over TLS, presenting
    `cert` (a path prefix) as the client certificate."""
    context = ssl.create_default_context(cafile=os.path.join(TMP, "ca.pem"))
    if cert:
        context.load_cert_chain(cert + ".pem", cert + ".key")
    label = "mplang-v1:driver" if sender == "driver" else "mplang-v1:node:a"
    token = hmac.new(SECRET.encode(), label.encode(), hashlib.sha256)
    try:
        conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=10,
                                           context=context)
        conn.request("GET", "/v1/health",
                     headers={"Authorization": "Bearer " + token.hexdigest(),
                              "X-Mplang-From": sender})
        res = conn.getresponse()
        print(f"{name}: {res.status} {res.read().decode().strip()[:60]}")
    except (OSError, http.client.HTTPException) as e:
        print(f"{name}: refused ({type(e).__name__})")


good = cluster("cluster.yaml", "ca.pem", ports[:2])
bad = cluster("other.yaml", "other/ca.pem", ports[:2])
mutual = cluster("mutual.yaml", "ca.pem", ports[2:], mutual=True)
stranger = cluster("stranger.yaml", "ca.pem", ports[2:], mutual=True,
                   driver_cert="other/x")
workers = start(good) + start(mutual)
try:
    for path in (good, bad, mutual, stranger):
        run(path)
    cert = lambda name: os.path.join(TMP, name)
    health("no client certificate", ports[2])
    health("certificate from another CA", ports[2], cert("other/x"))
    health("another party's certificate", ports[2], cert("b"))
    health("rank 0's certificate as rank 0", ports[3], cert("a"), sender="0")
    health("the driver's certificate", ports[2], cert("driver"))
finally:
    for w in workers:
        w.terminate()
        w.wait()
