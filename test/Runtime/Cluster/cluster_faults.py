#!/usr/bin/env python3
"""Attacks and faults against real mplang-worker processes on 127.0.0.1.

Usage: cluster_faults.py WORKER RUN EXAMPLES BUSY.mlir TMPDIR

Prints one line per check, for FileCheck; exits non-zero on the first
surprise. Every worker started here is stopped here.
"""
import http.client
import http.server
import json
import os
import re
import secrets
import signal
import struct
import subprocess
import sys
import threading
import time

# The shared helpers are in ../Utils.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Utils"))
from free_ports import free_ports  # noqa: E402

WORKER, RUN, EXAMPLES, BUSY, TMP = sys.argv[1:6]
os.makedirs(TMP, exist_ok=True)
procs = []


def cluster(n):
    ports = free_ports(n)
    tokens = [secrets.token_hex(16) for _ in range(n)]
    driver = secrets.token_hex(16)
    path = os.path.join(TMP, f"cluster-{ports[0]}.json")
    with open(path, "w") as f:
        json.dump({"nodes": [{"name": f"n{r}", "endpoint": f"127.0.0.1:{p}",
                              "token": t}
                             for r, (p, t) in enumerate(zip(ports, tokens))],
                   "driver": {"token": driver}}, f)
    return path, ports, tokens, driver


def start(path, rank, *extra):
    proc = subprocess.Popen([WORKER, "--cluster", path, "--rank", str(rank),
                             "--quiet", *extra])
    procs.append(proc)
    return proc


def request(port, method, path, body=b"", token=None, sender="driver",
            headers=None, timeout=10):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    h = {"X-Mplang-From": sender}
    if token:
        h["Authorization"] = "Bearer " + token
    h.update(headers or {})
    conn.request(method, path, body=body, headers=h)
    res = conn.getresponse()
    data = res.read()
    conn.close()
    return res.status, data.decode(errors="replace").strip()


def wait_for(what, ready, seconds=60):
    """Polls `ready()` until it is true; the bound only ends a hung test."""
    end = time.monotonic() + seconds
    while True:
        try:
            if ready():
                return
        except OSError:
            pass
        if time.monotonic() > end:
            sys.exit(f"{what}: not after {seconds} s")
        time.sleep(0.05)


def wait_healthy(port, token):
    wait_for(f"worker on port {port} healthy",
             lambda: request(port, "GET", "/v1/health", token=token)[0] == 200)


def job_state(port, job, token):
    """A job's state on a worker, or None once the worker released it."""
    status, body = request(port, "GET", f"/v1/jobs/{job}", token=token)
    return json.loads(body)["state"] if status == 200 else None


def wait_released(port, jobs, token):
    for job in jobs:
        wait_for(f"job {job} released",
                 lambda: job_state(port, job, token) is None)


class DriverView:
    """Forwards the driver's requests for one worker and notes the ids of the
    jobs it submits and when it asks for the worker's health, so that checks
    wait for those events and follow the run's own jobs. The driver reaches
    the worker through this with a cluster file of its own; the workers
    still reach each other directly."""

    def __init__(self, path, rank, port):
        self.port, self.jobs, self.asked = port, [], threading.Event()
        view = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def forward(self):
                body = self.rfile.read(int(self.headers.get("Content-Length",
                                                            0)))
                match = re.fullmatch(r"/v1/jobs/([A-Za-z0-9_-]+)", self.path)
                if self.command == "POST" and match:
                    view.jobs.append(match.group(1))
                if self.path == "/v1/health":
                    view.asked.set()
                headers = {k: v for k, v in self.headers.items()
                           if k.lower() in ("authorization", "x-mplang-from",
                                            "content-type")}
                conn = http.client.HTTPConnection("127.0.0.1", view.port,
                                                  timeout=120)
                try:
                    conn.request(self.command, self.path, body, headers)
                    res = conn.getresponse()
                    data = res.read()
                except OSError:
                    self.close_connection = True
                    return
                finally:
                    conn.close()
                self.send_response(res.status)
                self.send_header("Content-Type",
                                 res.getheader("Content-Type", "text/plain"))
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = forward

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                                      Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        with open(path) as f:
            config = json.load(f)
        config["nodes"][rank]["endpoint"] = \
            f"127.0.0.1:{self.server.server_address[1]}"
        self.path = path + f".driver-{rank}.json"
        with open(self.path, "w") as f:
            json.dump(config, f)

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def expect(name, got, status, text=""):
    if got[0] != status or text not in got[1]:
        sys.exit(f"{name}: expected {status} '{text}', got {got}")
    print(f"ok {name}: {got[0]} {got[1].splitlines()[0] if got[1] else ''}")


def job_body(module, args=(), header=None):
    head = json.dumps(header or {"entry": "main", "timeout_s": 5,
                                 "num_args": len(args)}).encode()
    out = b"MPJ1" + struct.pack("<I", len(head)) + head
    for blob in (module, *args):
        out += struct.pack("<Q", len(blob)) + blob
    return out


def frame(job, tag, payload, context="", size=None):
    job, context = job.encode(), context.encode()
    return (struct.pack("<B", len(job)) + job +
            struct.pack("<qH", tag, len(context)) + context +
            struct.pack("<Q", len(payload) if size is None else size) + payload)


def run(path, program, *args, **kw):
    return subprocess.run([RUN, "--cluster", path, program, *args],
                          capture_output=True, text=True, **kw)


def healthy_pair(*flags):
    """Two workers started with `flags`, once both answer."""
    path, ports, tokens, driver = cluster(2)
    for r in range(2):
        start(path, r, *flags)
    for p in ports:
        wait_healthy(p, driver)
    return path, ports, tokens, driver


try:
    path, ports, tokens, driver = healthy_pair("--max-job-mib", "1",
                                               "--max-message-mib", "1")
    p0, p1 = ports

    # Authentication: every request, and the sender bound to its token.
    expect("no token", request(p0, "GET", "/v1/health"), 401, "missing")
    expect("wrong token", request(p0, "GET", "/v1/health", token="x" * 32),
           401, "bad token for driver")
    expect("driver token as a rank",
           request(p0, "GET", "/v1/health", token=driver, sender="1"),
           401, "bad token for 1")
    expect("unknown sender",
           request(p0, "GET", "/v1/health", token=driver, sender="7"),
           401, "expected 'driver' or a peer rank")
    expect("message claiming another rank",
           request(p0, "PUT", "/v1/stream", frame("job1", 0, b"x"),
                   token=tokens[0], sender="1"), 401, "bad token for 1")
    expect("peer submitting a job",
           request(p1, "POST", "/v1/jobs/job1", b"x", token=tokens[0],
                   sender="0"), 403, "only the driver")
    expect("driver sending a message",
           request(p1, "PUT", "/v1/stream", frame("job1", 0, b"x"),
                   token=driver), 403, "only peers")

    # Ids with path characters, bodies that lie about themselves.
    expect("job id with dots", request(p0, "GET", "/v1/jobs/..", token=driver),
           400, "bad job id")
    expect("job id with an escape",
           request(p0, "GET", "/v1/jobs/a%2F..%2Fb", token=driver),
           404, "no endpoint GET /v1/jobs/a/../b")
    expect("job id too long",
           request(p0, "GET", "/v1/jobs/" + "a" * 65, token=driver),
           400, "bad job id")
    expect("unknown job", request(p0, "GET", "/v1/jobs/nope", token=driver),
           404, "no job nope")
    expect("bad magic", request(p0, "POST", "/v1/jobs/j1", b"GIF89a",
                                token=driver), 400, "MPJ1")
    expect("truncated job body",
           request(p0, "POST", "/v1/jobs/j2", job_body(b"module {}")[:-3],
                   token=driver), 400, "truncated in the module")
    expect("bad job header",
           request(p0, "POST", "/v1/jobs/j3",
                   job_body(b"", header={"entry": 5}), token=driver),
           400, "bad job header")
    expect("trace bound over the worker's",
           request(p0, "POST", "/v1/jobs/j3t",
                   job_body(b"", header={"entry": "main", "timeout_s": 5,
                                         "trace": True,
                                         "trace_max_events": 2 ** 40,
                                         "num_args": 0}), token=driver),
           400, "trace_max_events 1099511627776 is over this worker's "
           "--max-trace-events 1048576")
    expect("malformed module",
           request(p0, "POST", "/v1/jobs/j4", job_body(b"module { oops"),
                   token=driver), 400, "malformed module")
    expect("module for another rank",
           request(p0, "POST", "/v1/jobs/j5", job_body(
               b"module attributes {simp.world_size = 2 : i64} {"
               b" module attributes {simp.rank = 1 : i64} {} }"),
               token=driver), 400, "more than the program of rank 0")
    # Arguments are checked against the entry's types before kernels trust
    # their sizes.
    identity = (b"module attributes {simp.world_size = 2 : i64} {"
                b" module attributes {simp.rank = 0 : i64} {"
                b" func.func @main(%a: tensor<4xi64>) -> tensor<4xi64> {"
                b" return %a : tensor<4xi64> } } }")
    i64_vector = b"\x01\x04\x01" + struct.pack("<q", 1) + struct.pack("<q", 7)
    expect("argument of another shape",
           request(p0, "POST", "/v1/jobs/j7", job_body(identity, [i64_vector]),
                   token=driver), 400,
           "argument 0: a tensor<1xi64> where tensor<4xi64> is declared")
    expect("absent argument",
           request(p0, "POST", "/v1/jobs/j8", job_body(identity, [b"\x00"]),
                   token=driver), 400,
           "argument 0: no value where tensor<4xi64> is declared")
    expect("oversized job", request(p0, "POST", "/v1/jobs/j6",
                                    b"x" * (1 << 20 | 1), token=driver), 413)
    def stream(body):
        return request(p1, "PUT", "/v1/stream", body, token=tokens[0],
                       sender="0")
    expect("oversized stream", stream(b"x" * ((1 << 20) + 65820)), 413,
           "exceeds the limit of 1114395")
    expect("oversized message",
           stream(frame("job1", 0, b"", size=1 << 20 | 1)), 400,
           "message of 1048577 bytes exceeds the limit of 1048576")
    expect("long context", stream(frame("job1", 0, b"x", context="c" * 2000)),
           400, "bad message context")
    expect("job id with path characters in a message",
           stream(frame("../j", 0, b"x")), 400, "bad job id in a message")
    expect("truncated message", stream(frame("job1", 0, b"abcdef")[:-2]), 400,
           "the stream ended inside a message")

    # A message for a job no driver submitted yet is kept; the same key
    # twice aborts that job.
    expect("early message", stream(frame("job1", 0, b"x")), 204)
    expect("duplicate message", stream(frame("job1", 0, b"x")), 204)
    expect("job aborted by the duplicate",
           request(p1, "GET", "/v1/jobs/job1", token=driver), 200,
           "rank 0 sent tag 0 to rank 1 twice")

    # Parts of a large message: each request holds one part of one message;
    # a part twice, or parts that disagree on the value, abort the job.
    def part(job, index, payload, count=2, tag=0, extra=b""):
        return request(p1, "PUT", "/v1/stream", frame(job, tag, payload) +
                       extra, token=tokens[0], sender="0",
                       headers={"X-Mplang-Part": f"{index}/{count}"})
    def i8_head(n):  # a tensor<n x i8>'s value header
        return b"\x01\x01\x01" + struct.pack("<q", n)
    def abort_reason(job):
        return request(p1, "GET", f"/v1/jobs/{job}", token=driver)
    expect("bad part header", part("p0", 2, i8_head(4) + b"ab"), 400,
           "bad X-Mplang-Part header: expected I/N with I < N <= 8")
    expect("two messages in a part request",
           part("p0", 0, i8_head(4) + b"ab",
                extra=frame("p0", 1, i8_head(4) + b"ab")), 400,
           "a request with a part carries one message")
    expect("part", part("p1", 0, i8_head(4) + b"ab"), 204)
    expect("same part again", part("p1", 0, i8_head(4) + b"ab"), 204)
    expect("job aborted by the repeated part", abort_reason("p1"), 200,
           "part 0 of tag 0 from rank 0 came twice")
    expect("part of a 4-element tensor", part("p2", 0, i8_head(4) + b"ab"),
           204)
    expect("part of a 6-element tensor", part("p2", 1, i8_head(6) + b"def"),
           204)
    expect("job aborted by parts that disagree", abort_reason("p2"), 200,
           "malformed part 1 of tag 0 from rank 0: its header does not match"
           " its size or the other parts'")
    expect("first part", part("p3", 1, i8_head(4) + b"cd"), 204)
    expect("last part", part("p3", 0, i8_head(4) + b"ab"), 204)
    expect("whole message after its parts",
           stream(frame("p3", 0, i8_head(4) + b"abcd")), 204)
    expect("the parts made one message", abort_reason("p3"), 200,
           "rank 0 sent tag 0 to rank 1 twice")

    # 200 malformed requests, then a normal job on the same workers.
    bad = [("GET", "/v1/health", b"", "x" * 32, "driver"),
           ("POST", "/v1/jobs/j7", b"MPJ1\xff\xff", driver, "driver"),
           ("PUT", "/v1/stream", b"\x05abc", tokens[0], "0"),
           ("GET", "/v1/jobs/%00", b"", driver, "driver"),
           ("DELETE", "/v1/jobs/zzz", b"", driver, "driver")]
    codes = set()
    for i in range(200):
        method, where, body, token, sender = bad[i % len(bad)]
        codes.add(request(p0 if i % 2 else p1, method, where, body, token,
                          sender)[0])
    print("ok 200 malformed requests:", sorted(codes))
    # Peers' messages and aborts for 300 jobs nobody submits do not crowd
    # out the driver's next job.
    for i in range(150):
        stream(frame(f"flood{i}", 0, b"x"))
        request(p1, "POST", f"/v1/jobs/flood-a{i}/abort", b"", tokens[0], "0")
    result = run(path, os.path.join(EXAMPLES, "millionaire.mlir"))
    print("after malformed requests:", result.returncode,
          result.stdout.replace("\n", " | "))

    # Two jobs at once on the same workers do not mix their messages.
    nested = os.path.join(EXAMPLES, "nested_pcall.mlir")
    jobs = [subprocess.Popen([RUN, "--cluster", path, nested, "--arg",
                              f"0:0={a} : i64", "--arg", f"1:0={b} : i64"],
                             stdout=subprocess.PIPE, text=True)
            for a, b in [(10, 20), (1, 2)]]
    for job in jobs:
        out, _ = job.communicate(timeout=120)
        print("concurrent:", job.returncode, out.replace("\n", " | "))

    # A worker killed mid-job: the driver names it (before the run's time-out)
    # and the other worker drops the job. Followed by its id: other jobs may
    # end their retention meanwhile.
    view = DriverView(path, 0, p0)
    busy = subprocess.Popen([RUN, "--cluster", view.path, BUSY,
                             "--timeout", "60"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    wait_for("the busy run running on both workers",
             lambda: view.jobs and all(job_state(p, view.jobs[0], driver) ==
                                       "running" for p in ports))
    procs[1].kill()
    _, err = busy.communicate(timeout=120)
    print(f"killed peer: exit {busy.returncode}")
    print(err.strip().splitlines()[0])
    wait_released(p0, view.jobs, driver)
    print("jobs of the run left on the surviving worker:",
          sum(job_state(p0, job, driver) is not None for job in view.jobs))
    view.close()

    # A restarted peer gets the next job at once: the surviving worker's
    # stream, idle but still open to the peer's previous process, does not
    # lose the first message of the next job.
    millionaire = os.path.join(EXAMPLES, "millionaire.mlir")
    start(path, 1)
    wait_healthy(p1, driver)
    for attempt in range(3):
        before = run(path, millionaire, timeout=120)
        procs[-1].kill()
        procs[-1].wait()
        start(path, 1)
        wait_healthy(p1, driver)
        after = run(path, millionaire, timeout=120)
        if after.returncode or after.stdout != before.stdout:
            break
    print("restarted peer:", before.returncode, after.returncode,
          after.stdout == before.stdout, after.stderr.strip()[:200])
    procs[0].send_signal(signal.SIGTERM)
    procs[0].wait(timeout=30)
    print("worker exit on SIGTERM:", procs[0].returncode)

    # A worker that starts late is waited for: it starts once the driver
    # asks the other one whether it is ready. (A pair of its own: a stream
    # the other kept open to the killed worker above must not be the test.)
    path, ports, tokens, driver = cluster(2)
    start(path, 0)
    wait_healthy(ports[0], driver)
    view = DriverView(path, 0, ports[0])
    late = subprocess.Popen([RUN, "--cluster", view.path,
                             os.path.join(EXAMPLES, "millionaire.mlir")],
                            stdout=subprocess.PIPE, text=True)
    wait_for("the late run asking for health", view.asked.is_set)
    start(path, 1)
    out, _ = late.communicate(timeout=120)
    print("late peer:", late.returncode, out.replace("\n", " | "))
    view.close()
    for proc in procs[-2:]:
        proc.kill()
        proc.wait()

    # Messages for jobs not submitted yet are limited in bytes and count;
    # a refused one aborts its job, and a request holding just it gets 503.
    path, ports, tokens, driver = healthy_pair("--max-early-mib", "1",
                                               "--max-early-messages", "3")
    p1 = ports[1]
    expect("early message within the limits",
           stream(frame("e1", 0, b"x" * 600000)), 204)
    expect("early bytes over the limit",
           stream(frame("e2", 0, b"x" * 600000)), 503,
           "rank 1 refused a message of 600000 bytes from rank 0 for job e2,"
           " which it has not been given yet: messages held for jobs not"
           " submitted yet are limited to 1048576 bytes and 3 messages")
    expect("job of the refused message aborted",
           request(p1, "GET", "/v1/jobs/e2", token=driver), 200,
           '"abort_reason":"rank 1 refused a message of 600000 bytes')
    expect("job within the limits kept",
           request(p1, "GET", "/v1/jobs/e1", token=driver), 200,
           '{"job":"e1","state":"waiting"}')
    expect("early message 2", stream(frame("e3", 0, b"x")), 204)
    expect("early message 3", stream(frame("e3", 1, b"x")), 204)
    expect("early messages over the count",
           stream(frame("e4", 0, b"x")), 503, "refused a message of 1 bytes")
    # Released jobs give their share back: a normal run fits again.
    for job in ("e1", "e3"):
        expect(f"release {job}",
               request(p1, "DELETE", f"/v1/jobs/{job}", token=driver), 204)
    wait_released(p1, ("e1", "e3"), driver)
    expect("early message after the releases",
           stream(frame("e5", 0, b"x" * 600000)), 204)
    result = run(path, os.path.join(EXAMPLES, "millionaire.mlir"))
    print("run within the early limits:", result.returncode,
          result.stdout.replace("\n", " | "))
    for proc in procs[-2:]:
        proc.kill()
        proc.wait()

    # A running job holds messages its receives have not taken yet within
    # per-job bounds: a peer cannot grow a job's mailbox without end.
    path, ports, tokens, driver = healthy_pair("--max-held-mib", "1",
                                               "--max-held-messages", "2")
    p1 = ports[1]
    waits = (b"module attributes {simp.world_size = 2 : i64} {"
             b" module attributes {simp.rank = 1 : i64} {"
             b" func.func @main() -> i64 {"
             b" %0 = simp.recv from 0 tag 9 : i64 return %0 : i64 } } }")
    def submit_waiting(job):
        body = job_body(waits, header={"entry": "main", "timeout_s": 30,
                                       "num_args": 0})
        return request(p1, "POST", f"/v1/jobs/{job}", body, token=driver)
    expect("job waiting for tag 9", submit_waiting("h1"), 201)
    expect("held message 1", stream(frame("h1", 0, b"x")), 204)
    expect("held message 2", stream(frame("h1", 1, b"x")), 204)
    expect("held message 3", stream(frame("h1", 2, b"x")), 204)
    expect("job aborted by the held count",
           request(p1, "GET", "/v1/jobs/h1", token=driver), 200,
           "rank 0 sent more than is held for receives that have not started:"
           " at most 1048576 bytes in 2 messages")
    expect("second job waiting for tag 9", submit_waiting("h2"), 201)
    expect("held bytes", stream(frame("h2", 0, b"x" * 600000)), 204)
    expect("held bytes over the limit",
           stream(frame("h2", 1, b"x" * 600000)), 204)
    expect("job aborted by the held bytes",
           request(p1, "GET", "/v1/jobs/h2", token=driver), 200,
           "rank 0 sent more than is held")

    # At most 64 jobs known only from messages: the oldest gives way.
    for i in range(65):
        if stream(frame(f"w{i}", 0, b"x"))[0] != 204:
            sys.exit(f"early message for w{i} refused")
    expect("oldest waiting job gave way",
           request(p1, "GET", "/v1/jobs/w0", token=driver), 404, "no job w0")
    expect("next waiting job kept",
           request(p1, "GET", "/v1/jobs/w1", token=driver), 200, "waiting")
    # At most 64 submitted jobs until they are released.
    for job in ("h1", "h2"):
        request(p1, "DELETE", f"/v1/jobs/{job}", token=driver)
    wait_released(p1, ("h1", "h2"), driver)
    for i in range(64):
        if submit_waiting(f"s{i}")[0] != 201:
            sys.exit(f"submission s{i} refused")
    expect("65th submitted job", submit_waiting("s64"), 503,
           "too many jobs (64)")
finally:
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
