#!/usr/bin/env python3
"""The Python front end's costs (docs/python.md, issue 26's goals).

Usage: /usr/bin/python3 bench/python_bench.py [BUILD_DIR]   (default: build)

- tracing: microseconds per traced op, on generated programs of N ops:
  global ops (a chain of shuffles) and local ops (a chain of additions in
  one party's function); text only, no native code;
- the whole process of python/examples/sum.py, interpreter start included
  (wall time, best of 5);
- the per-call cost of running a trivial compiled program on a simulator
  after the first call (best of 5 means over 200 calls);
- the same on two local workers (mp.make_local, started once), each call
  taking the previous call's kept result by reference, and a fetch of a
  kept result (wall time, best of 5 means over 20 calls), next to
  `mplang-run --local 2` on the same program (workers started per run);
- PSI through mp.lib.psi next to examples/psi.mlir through mplang-run on
  the same sets (wall time, best of 3): Python's first call (trace,
  verify, link, project, run) and a later one, against mplang-run's
  whole process;
- the BFV group-by (mp.lib.oblivious_groupby_sum_bfv, 4096 rows, 8 bins)
  the same way, against mplang-run on the very program Python traced.
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
sys.path.insert(0, os.path.join(BUILD, "python"))

import numpy as np  # noqa: E402

import mplang_mlir as mp  # noqa: E402
from mplang_mlir import simp  # noqa: E402


def best(fn, reps=5, clock=time.process_time):
    """The least time of `reps` calls: CPU time by default, which a loaded
    machine does not inflate as much as wall time."""
    times = []
    for _ in range(reps):
        start = clock()
        fn()
        times.append(clock() - start)
    return min(times)


def global_chain(n):
    def prog(x):
        for i in range(n):
            x = simp.shuffle_static(x, {(i + 1) % 2: i % 2})
        return x
    return prog, mp.mp_type(np.int64, (), (0,))


def local_chain(n):
    def body(v):
        for _ in range(n):
            v = v + v
        return v

    def prog(x):
        return simp.pcall_static((0,), body, x)
    return prog, mp.mp_type(np.int64, (4,), (0,))


def tracing():
    for name, make in [("global", global_chain), ("local", local_chain)]:
        for n in (10_000, 100_000):
            prog, arg = make(n)
            t = best(lambda: mp.compile(prog, arg, world_size=2), reps=3)
            print(f"tracing {name} ops, n={n}: {t / n * 1e6:.2f} us/op")


def sum_process():
    env = dict(os.environ, PYTHONPATH=os.path.join(BUILD, "python"))
    script = os.path.join(ROOT, "python", "examples", "sum.py")
    def run():
        subprocess.run([sys.executable, script], env=env, check=True,
                       capture_output=True)

    def children_cpu():
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    wall = best(run, clock=time.perf_counter)
    cpu = best(run, clock=children_cpu)
    print(f"python3 python/examples/sum.py, whole process: {wall * 1e3:.0f} "
          f"ms wall, {cpu * 1e3:.0f} ms CPU")


def call_overhead():
    program = mp.compile(lambda x: simp.pcall_static((0,), lambda v: v + 1,
                                                     x),
                         mp.mp_type(np.int64, (), (0,)), world_size=1)
    with mp.make_simulator(1):
        x = mp.put("P0", np.int64(1))
        mp.evaluate(program, x)
        calls = 200
        t = best(lambda: [mp.evaluate(program, x) for _ in range(calls)])
    print(f"simulator call on a trivial program: {t / calls * 1e6:.0f} us")


def local_call_overhead():
    def step(x):
        return simp.pcall_static((0,), lambda v: v + 1, x)
    arg = mp.mp_type(np.int64, (), (0,))
    program = mp.compile(step, arg, world_size=2)
    worker = os.path.join(BUILD, "bin", "mplang-worker")
    calls = 20
    with mp.make_local(2, worker=worker):
        x = mp.evaluate(program, mp.put("P0", np.int64(0)))
        state = {"x": x}

        def chain():
            for _ in range(calls):
                state["x"] = mp.evaluate(program, state["x"])
        t = best(chain, clock=time.perf_counter)

        def fetches():
            for _ in range(calls):
                state["x"]._fetched = None
                mp.fetch(state["x"])
        f = best(fetches, clock=time.perf_counter)
        assert mp.fetch(state["x"])[0] == 1 + 5 * calls
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "step.mlir")
        with open(path, "w") as out:
            out.write(program.mlir)
        run = os.path.join(BUILD, "bin", "mplang-run")
        tool = best(lambda: subprocess.run(
            [run, "--local", "2", path, "--arg", "0:0=1 : i64"], check=True,
            capture_output=True), reps=3, clock=time.perf_counter)
    print(f"make_local(2) call on a trivial program, after the first: "
          f"{t / calls * 1e3:.1f} ms; fetch: {f / calls * 1e3:.1f} ms; "
          f"mplang-run --local 2: {tool * 1e3:.0f} ms")


def psi():
    data = os.path.join(ROOT, "examples", "data")
    sender = os.path.join(data, "psi_sender.npy")
    receiver = os.path.join(data, "psi_receiver.npy")
    run = os.path.join(BUILD, "bin", "mplang-run")
    tool = best(lambda: subprocess.run(
        [run, "--sim", "2", os.path.join(ROOT, "examples", "psi.mlir"),
         "--input", f"0:0={sender}", "--input", f"1:1={receiver}"],
        check=True, capture_output=True), reps=3, clock=time.perf_counter)

    def sets():
        return mp.put("P0", np.load(sender)), mp.put("P1", np.load(receiver))

    def first():
        with mp.make_simulator(2):
            mp.evaluate(lambda a, b: mp.lib.psi(a, b), *sets())

    cold = best(first, reps=3, clock=time.perf_counter)
    with mp.make_simulator(2):
        x, y = sets()
        program = mp.compile(lambda a, b: mp.lib.psi(a, b), x, y)
        mp.evaluate(program, x, y)
        warm = best(lambda: mp.evaluate(program, x, y), reps=3,
                    clock=time.perf_counter)
    print(f"PSI 1000 x 700: mplang-run {tool * 1e3:.0f} ms, Python first "
          f"call {cold * 1e3:.0f} ms, later calls {warm * 1e3:.0f} ms")


def groupby():
    rng = np.random.default_rng(0)
    data = rng.integers(0, 1000, 4096, dtype=np.int64)
    bins = rng.integers(0, 8, 4096, dtype=np.int64)

    def grouped(d, b):
        return mp.lib.oblivious_groupby_sum_bfv(d, b, 8)

    def first():
        with mp.make_simulator(2):
            mp.evaluate(grouped, mp.put("P0", data), mp.put("P1", bins))

    cold = best(first, reps=3, clock=time.perf_counter)
    with mp.make_simulator(2), tempfile.TemporaryDirectory() as tmp:
        x, y = mp.put("P0", data), mp.put("P1", bins)
        program = mp.compile(grouped, x, y)
        got = mp.fetch(mp.evaluate(program, x, y))[1]
        expected = np.bincount(bins, weights=data, minlength=8)
        assert (got == expected).all(), (got, expected)
        warm = best(lambda: mp.evaluate(program, x, y), reps=3,
                    clock=time.perf_counter)
        paths = [os.path.join(tmp, n) for n in ("g.mlir", "d.npy", "b.npy")]
        with open(paths[0], "w") as f:
            f.write(program.mlir)
        np.save(paths[1], data)
        np.save(paths[2], bins)
        run = os.path.join(BUILD, "bin", "mplang-run")
        tool = best(lambda: subprocess.run(
            [run, "--sim", "2", paths[0], "--input", f"0:0={paths[1]}",
             "--input", f"1:1={paths[2]}"], check=True, capture_output=True),
            reps=3, clock=time.perf_counter)
    print(f"BFV group-by 4096 rows, 8 bins: mplang-run {tool * 1e3:.0f} ms, "
          f"Python first call {cold * 1e3:.0f} ms, later calls "
          f"{warm * 1e3:.0f} ms")


if __name__ == "__main__":
    tracing()
    sum_process()
    call_overhead()
    local_call_overhead()
    psi()
    groupby()
