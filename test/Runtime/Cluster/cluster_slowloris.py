#!/usr/bin/env python3
"""Connection limits of real mplang-worker processes on 127.0.0.1.

Usage: cluster_slowloris.py WORKER RUN EXAMPLES CERTS_SCRIPT TMPDIR

Anonymous connections that trickle header bytes (each within the read
time-out) must not take the worker's threads: a job runs while hundreds of
them are opened, and each is closed within its deadline; over the cap of
unauthenticated connections the oldest are closed at once; over the limit
per address a new connection is closed at once; authenticated connections
outlive the deadline; the same over TLS. Prints one line per check, for
FileCheck; exits non-zero on the first surprise. Bounds on time are
generous upper bounds only, and checks wait for what they expect rather
than for a fixed time: the machine may be loaded.
"""
import hashlib
import hmac
import json
import os
import secrets
import select
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time

# The shared helpers are in ../Utils.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Utils"))
from free_ports import free_ports  # noqa: E402

WORKER, RUN, EXAMPLES, CERTS, TMP = sys.argv[1:6]
shutil.rmtree(TMP, ignore_errors=True)
os.makedirs(TMP)
procs = []
# A request that is never finished: each connection sends it a byte a tick.
PARTIAL = (b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " +
           b"a" * 4000)


def cluster(n, tls=False):
    ports = free_ports(n)
    tokens = [secrets.token_hex(16) for _ in range(n)]
    driver = secrets.token_hex(16)
    path = os.path.join(TMP, f"cluster-{ports[0]}.json")
    nodes = [{"name": f"n{r}", "endpoint": f"127.0.0.1:{p}", "token": t}
             for r, (p, t) in enumerate(zip(ports, tokens))]
    root = {"nodes": nodes, "driver": {"token": driver}}
    if tls:
        for node, name in zip(nodes, "ab"):
            node["endpoint"] = "https://" + node["endpoint"]
            node["tls_cert"], node["tls_key"] = f"{name}.pem", f"{name}.key"
        root["tls"] = {"ca": "ca.pem"}
    with open(path, "w") as f:
        json.dump(root, f)
    return path, ports, driver


def start(path, rank, *extra):
    proc = subprocess.Popen([WORKER, "--cluster", path, "--rank", str(rank),
                             "--quiet", *extra])
    procs.append(proc)
    return proc


def health_request(token):
    return (f"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {token}\r\nX-Mplang-From: driver\r\n"
            f"\r\n").encode()


def exchange(sock, data):
    """Sends `data` on `sock` and returns the status of the response read."""
    sock.sendall(data)
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            raise OSError("closed before a response")
        head += chunk
    top, rest = head.split(b"\r\n\r\n", 1)
    length = 0
    for line in top.split(b"\r\n")[1:]:
        key, _, value = line.partition(b":")
        if key.strip().lower() == b"content-length":
            length = int(value)
    while len(rest) < length:
        rest += sock.recv(4096)
    return int(top.split()[1])


def connect(port, context=None):
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    if context:
        sock = context.wrap_socket(sock, server_hostname="127.0.0.1")
    return sock


def health(port, token, context=None):
    try:
        with connect(port, context) as sock:
            return exchange(sock, health_request(token))
    except OSError as e:
        return f"failed ({e})"


def wait_healthy(port, token, context=None):
    end = time.monotonic() + 60
    while health(port, token, context) != 200:
        if time.monotonic() > end:
            sys.exit(f"worker on port {port} never became healthy")
        time.sleep(0.05)


def hold_authenticated(port, token, count):
    """`count` keep-alive connections that each had a request answered, and
    their statuses. The worker notices closed connections a moment after
    they close, so one refused at once (still counted) is retried."""
    end = time.monotonic() + 60
    while True:
        held, statuses = [], []
        try:
            for _ in range(count):
                held.append(connect(port))
                statuses.append(exchange(held[-1], health_request(token)))
            return held, statuses
        except OSError:
            for sock in held:
                sock.close()
            if time.monotonic() > end:
                raise
            time.sleep(0.1)


def is_closed(sock):
    """Whether the worker closed `sock` (anything it sent is read away)."""
    try:
        while select.select([sock], [], [], 0)[0]:
            if not sock.recv(4096):
                return True
    except OSError:
        return True
    return False


def wait_closed(socks, count, seconds):
    """Waits until `count` of `socks` are closed; returns which are."""
    end = time.monotonic() + seconds
    while True:
        closed = [i for i, s in enumerate(socks) if is_closed(s)]
        if len(closed) >= count or time.monotonic() > end:
            return closed
        time.sleep(0.05)


def expect(name, ok, detail):
    if not ok:
        sys.exit(f"{name}: {detail}")
    print(f"ok {name}: {detail}")


class Trickler:
    """Keeps up to `count` anonymous connections to each port, each sending
    one byte of PARTIAL a tick (well within the read time-out), and notes
    when the worker closed each."""

    def __init__(self, ports, count, tick=0.5, reopen=10):
        self.ports, self.count = ports, count
        self.tick, self.reopen = tick, reopen
        self.conns = []  # [socket, port, opened, closed, bytes sent]
        self.refill = True
        self.done = threading.Event()
        for port in ports:
            for _ in range(count):
                self.open(port)
        self.thread = threading.Thread(target=self.run)
        self.thread.start()

    def open(self, port):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.setblocking(False)
        self.conns.append([sock, port, time.monotonic(), None, 0])

    def run(self):
        while not self.done.wait(self.tick):
            now = time.monotonic()
            for conn in self.conns:
                if conn[3] is not None:
                    continue
                closed = is_closed(conn[0])
                if not closed:
                    try:
                        conn[0].send(PARTIAL[conn[4]:conn[4] + 1])
                        conn[4] += 1
                    except OSError:
                        closed = True
                if closed:
                    conn[3] = now
                    conn[0].close()
            if self.refill:
                # A few new connections a tick: the test is about held
                # connections, not a flood of new ones.
                for port in self.ports:
                    live = sum(c[1] == port and c[3] is None
                               for c in self.conns)
                    for _ in range(min(self.reopen, self.count - live)):
                        self.open(port)

    def open_count(self):
        return sum(c[3] is None for c in self.conns)

    def stop(self):
        self.done.set()
        self.thread.join()
        for conn in self.conns:
            if conn[3] is None:
                conn[0].close()


try:
    # A job on three workers while each is held by 80 connections that
    # trickle header bytes (more than the server's 64 threads); each must be
    # closed within its deadline (2 s) whatever it sends.
    path, ports, driver = cluster(3)
    for r in range(3):
        start(path, r, "--auth-deadline", "2")
    for p in ports:
        wait_healthy(p, driver)
    flood = Trickler(ports, 80)
    time.sleep(1)
    try:
        run = subprocess.run(
            [RUN, "--cluster", path, os.path.join(EXAMPLES, "sum.mlir"),
             "--arg", "0:0=1 : i64", "--arg", "1:1=2 : i64",
             "--arg", "2:2=3 : i64"],
            capture_output=True, text=True, timeout=60)
        out = run.stdout.replace("\n", " | ")
    except subprocess.TimeoutExpired:
        out = "timed out after 60 s"
    flood.refill = False
    expect("job while anonymous connections trickle",
           out == "rank 0: 6 : i64 | rank 1: 6 : i64 | rank 2: 6 : i64 | ",
           out)
    end = time.monotonic() + 30
    while flood.open_count() and time.monotonic() < end:
        time.sleep(0.2)
    flood.stop()
    held = sorted((c[3] if c[3] is not None else time.monotonic()) - c[2]
                  for c in flood.conns)
    longest = held[-1]
    if longest >= 30:
        print(f"held (s): {[round(h, 1) for h in held[-40:]]}",
              file=sys.stderr)
    # Without the deadline they would be held as long as they trickle; the
    # bound is generous for a loaded machine.
    expect("every trickling connection closed within 30 s",
           flood.open_count() == 0 and longest < 30,
           f"{'at least' if len(flood.conns) >= 240 else 'under'} 240 "
           f"opened, longest held {'under' if longest < 30 else 'over'} 30 s")

    # One worker with a small cap on unauthenticated connections and on
    # connections per address, and a long deadline: the limits, not the
    # deadline, close connections here.
    path, ports, driver = cluster(2)
    start(path, 0, "--auth-deadline", "60", "--max-unauthenticated", "4",
          "--max-connections-per-peer", "8")
    port = ports[0]
    wait_healthy(port, driver)
    silent = []
    for _ in range(10):
        silent.append(connect(port))
        time.sleep(0.05)
    wait_closed(silent, 6, 5)
    time.sleep(0.3)
    closed = [i for i, s in enumerate(silent) if is_closed(s)]
    expect("unauthenticated cap", closed == list(range(6)),
           f"of 10 silent connections the oldest {len(closed)} closed at once")
    expect("authenticated request while 4 anonymous are held",
           health(port, driver) == 200, "200")
    for s in silent:
        s.close()
    held, statuses = hold_authenticated(port, driver, 8)
    extra = connect(port)
    closed = wait_closed([extra], 1, 5)
    expect("limit per address",
           statuses == [200] * 8 and closed == [0],
           "8 authenticated keep-alive connections held, a 9th closed at once")
    held.pop().close()
    # Each try is a connection of its own, which the worker counts until it
    # notices the close: the first 200 is the answer.
    end = time.monotonic() + 30
    while (status := health(port, driver)) != 200 and time.monotonic() < end:
        time.sleep(0.1)
    expect("a connection once one is closed", status == 200, status)
    for s in held:
        s.close()

    # The deadline: a request trickled a byte every 0.5 s (each read well
    # within the 10 s read time-out) is cut; an authenticated keep-alive
    # connection is not.
    path, ports, driver = cluster(2)
    start(path, 0, "--auth-deadline", "2")
    port = ports[0]
    wait_healthy(port, driver)
    slow = connect(port)
    answered = connect(port)
    status = exchange(answered, b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
    trusted = connect(port)
    first = exchange(trusted, health_request(driver))
    for byte in PARTIAL[:60]:
        try:
            slow.send(bytes([byte]))
            answered.send(bytes([byte]))
        except OSError:
            break
        time.sleep(0.5)
        if is_closed(slow) and is_closed(answered):
            break
    expect("deadline", is_closed(slow) and is_closed(answered),
           f"a trickled request, and one after a {status}, closed before "
           f"30 s of trickling ended")
    second = exchange(trusted, health_request(driver))
    expect("authenticated connection outlives the deadline",
           (first, second) == (200, 200),
           f"{first} then {second} on one connection")

    # The same limits in front of the TLS server.
    subprocess.run([CERTS, TMP, "a", "b"], check=True,
                   stdout=subprocess.DEVNULL)
    path, ports, _ = cluster(2, tls=True)
    with open(path) as f:
        root = json.load(f)
    secret = "0123456789abcdef-slowloris"
    for node in root["nodes"]:
        del node["token"]
    del root["driver"]
    root["secret"] = secret
    with open(path, "w") as f:
        json.dump(root, f)
    token = hmac.new(secret.encode(), b"mplang-v1:driver",
                     hashlib.sha256).hexdigest()
    context = ssl.create_default_context(cafile=os.path.join(TMP, "ca.pem"))
    start(path, 0, "--auth-deadline", "2", "--max-unauthenticated", "2")
    port = ports[0]
    wait_healthy(port, token, context)
    silent = []
    for _ in range(4):
        silent.append(connect(port))
        time.sleep(0.05)
    wait_closed(silent, 2, 5)
    time.sleep(0.3)
    closed = [i for i, s in enumerate(silent) if is_closed(s)]
    expect("TLS: unauthenticated cap", closed == [0, 1],
           "the oldest 2 of 4 connections without a handshake closed")
    expect("TLS: authenticated request meanwhile",
           health(port, token, context) == 200, "200")
    for s in silent:
        s.close()
    # A TLS record header announcing 512 bytes, whose body then trickles.
    hello = connect(port)
    for byte in b"\x16\x03\x01\x02\x00" + bytes(55):
        try:
            hello.send(bytes([byte]))
        except OSError:
            break
        time.sleep(0.5)
        if is_closed(hello):
            break
    expect("TLS: deadline", is_closed(hello),
           "a trickled handshake closed before 30 s of trickling ended")
finally:
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
