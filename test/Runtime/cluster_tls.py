#!/usr/bin/env python3
"""Two workers serving HTTPS with certificates from make-test-certs.sh.

Usage: cluster_tls.py WORKER RUN CERTS_SCRIPT PROGRAM TMPDIR

Runs PROGRAM over TLS, then with a cluster file trusting another CA (the
driver must refuse the workers), printing results for FileCheck.
"""
import os
import shutil
import socket
import subprocess
import sys

WORKER, RUN, CERTS, PROGRAM, TMP = sys.argv[1:6]
shutil.rmtree(TMP, ignore_errors=True)
subprocess.run([CERTS, TMP, "a", "b"], check=True, stdout=subprocess.DEVNULL)
subprocess.run([CERTS, os.path.join(TMP, "other"), "x"], check=True,
               stdout=subprocess.DEVNULL)
socks = [socket.socket() for _ in range(2)]
for s in socks:
    s.bind(("127.0.0.1", 0))
ports = [s.getsockname()[1] for s in socks]
for s in socks:
    s.close()


def cluster(name, ca):
    path = os.path.join(TMP, name)
    with open(path, "w") as f:
        f.write("nodes:\n")
        for node, port in zip("ab", ports):
            f.write(f"  - {{name: {node}, endpoint: \"https://127.0.0.1:{port}\","
                    f" tls_cert: {node}.pem, tls_key: {node}.key}}\n")
        f.write(f"secret: \"0123456789abcdef-tls\"\ntls: {{ca: {ca}}}\n")
    return path


good = cluster("cluster.yaml", "ca.pem")
bad = cluster("other.yaml", "other/ca.pem")
workers = [subprocess.Popen([WORKER, "--cluster", good, "--rank", str(r),
                             "--quiet"]) for r in range(2)]
try:
    for path in (good, bad):
        run = subprocess.run([RUN, "--cluster", path, PROGRAM],
                             capture_output=True, text=True, timeout=60)
        print(f"exit {run.returncode}")
        print(run.stdout + run.stderr)
finally:
    for w in workers:
        w.terminate()
        w.wait()
