#!/usr/bin/env python3
"""mplang-run --jit=on next to --jit=off, CPython, numpy and C (docs/jit.md).

Usage: /usr/bin/python3 bench/jit_bench.py [BUILD_DIR]   (default: build)

Each workload runs as a one-party program. Its run time is the rank's wall
time from --stats-json (plans, and so compilation, are made before the rank
runs). Its compile time is the CPU time --jit=on adds to a process running
the same code on 8-element inputs (CPU time: a busy machine does not inflate
it). Every time is the best of 3. numpy runs with one OpenBLAS thread.
"""
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

os.environ["OPENBLAS_NUM_THREADS"] = "1"
import numpy as np  # noqa: E402 (after the thread count is set)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
RUN = os.path.join(BUILD, "bin", "mplang-run")
REPS = 3
N_LOOP = 1 << 20
N_VEC = 1 << 22
N_MAT = 512

A = 6364136223846793005
B = 1442695040888963407
MASK = (1 << 64) - 1


def program(ret_type, body, args=""):
    """A one-party program running `body` (ending in simp.yield) on `args`."""
    params = ", ".join(f"%a{i}: !simp.mp<{t}, [0]>" for i, t in enumerate(args))
    operands = ", ".join(f"%a{i}" for i in range(len(args)))
    in_types = ", ".join(f"!simp.mp<{t}, [0]>" for t in args)
    block_args = ", ".join(f"%x{i}: {t}" for i, t in enumerate(args))
    return f"""module attributes {{simp.world_size = 1 : i64}} {{
  func.func @main({params}) -> !simp.mp<{ret_type}, [0]> {{
    %r = simp.pcall [0] ({operands}) : ({in_types}) -> !simp.mp<{ret_type}, [0]> {{
    ^bb0({block_args}):
{body}
    }}
    return %r : !simp.mp<{ret_type}, [0]>
  }}
}}
"""


def loop_program(n):
    return program("i64", f"""
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant {n} : index
      %a = arith.constant {A} : i64
      %b = arith.constant {B} : i64
      %s = arith.constant 33 : i64
      %seed = arith.constant 7 : i64
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %seed) -> i64 {{
        %m = arith.muli %v, %a : i64
        %p = arith.addi %m, %b : i64
        %h = arith.shrui %p, %s : i64
        %q = arith.xori %p, %h : i64
        scf.yield %q : i64
      }}
      simp.yield %r : i64""")


VEC = f"tensor<{N_VEC}xi64>"
SUM = f"""
      %zero = arith.constant 0 : i64
      %e = tensor.empty() : tensor<i64>
      %init = linalg.fill ins(%zero : i64) outs(%e : tensor<i64>) -> tensor<i64>
      %sum = linalg.reduce ins(%IN : {VEC}) outs(%init : tensor<i64>) dimensions = [0]
        (%x: i64, %acc: i64) {{
          %t = arith.addi %x, %acc : i64
          linalg.yield %t : i64
        }}
      %r = tensor.extract %sum[] : tensor<i64>
      simp.yield %r : i64"""

# Eight element-wise ops: ((((x*3 + 7) ^ (x >> 3)) - x) & m | 5) * x + (x << 2)
CHAIN = f"""
      %c3 = arith.constant dense<3> : {VEC}
      %c7 = arith.constant dense<7> : {VEC}
      %c2 = arith.constant dense<2> : {VEC}
      %c5 = arith.constant dense<5> : {VEC}
      %m = arith.constant dense<1048575> : {VEC}
      %t1 = arith.muli %x0, %c3 : {VEC}
      %t2 = arith.addi %t1, %c7 : {VEC}
      %t3 = arith.shrsi %x0, %c3 : {VEC}
      %t4 = arith.xori %t2, %t3 : {VEC}
      %t5 = arith.subi %t4, %x0 : {VEC}
      %t6 = arith.andi %t5, %m : {VEC}
      %t7 = arith.ori %t6, %c5 : {VEC}
      %t8 = arith.muli %t7, %x0 : {VEC}
      %t9 = arith.shli %x0, %c2 : {VEC}
      %t10 = arith.addi %t8, %t9 : {VEC}"""

MAT = f"tensor<{N_MAT}x{N_MAT}xf64>"
MATMUL = f"""
      %zero = arith.constant 0.0 : f64
      %e = tensor.empty() : {MAT}
      %init = linalg.fill ins(%zero : f64) outs(%e : {MAT}) -> {MAT}
      %p = linalg.matmul ins(%x0, %x1 : {MAT}, {MAT}) outs(%init : {MAT}) -> {MAT}
      %c0 = arith.constant 0 : index
      %r = tensor.extract %p[%c0, %c0] : {MAT}
      simp.yield %r : f64"""
def run_mplang(tmp, name, text, jit, inputs=()):
    """Best process CPU seconds and rank run (wall) seconds, and the output."""
    path = os.path.join(tmp, name + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    stats = os.path.join(tmp, "stats.json")
    cmd = [RUN, "--sim", "1", path, f"--jit={jit}", "--stats-json", stats]
    for i, npy in enumerate(inputs):
        cmd += ["--input", f"0:{i}={npy}"]
    cpu, run, out = None, None, None
    for _ in range(REPS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime - before.ru_utime +
                after.ru_stime - before.ru_stime)
        with open(stats) as f:
            wall = json.load(f)["ranks"][0]["wall_us"] * 1e-6
        cpu = used if cpu is None else min(cpu, used)
        run = wall if run is None else min(run, wall)
    return cpu, run, out.strip()


def best_of(fn, reps=REPS):
    best, result = None, None
    for _ in range(reps):
        start = time.perf_counter()
        result = fn()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def c_loop_time(tmp):
    src = os.path.join(tmp, "loop.c")
    exe = os.path.join(tmp, "loop")
    with open(src, "w") as f:
        f.write(f"""#include <stdint.h>
#include <stdio.h>
#include <time.h>
int main(void) {{
  volatile uint64_t seed = 7;
  double best = 1e9; uint64_t v = 0;
  for (int rep = 0; rep < 5; ++rep) {{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    v = seed;
    for (long i = 0; i < {N_LOOP}; ++i) {{
      uint64_t p = v * {A}ull + {B}ull;
      v = p ^ (p >> 33);
    }}
    clock_gettime(CLOCK_MONOTONIC, &b);
    double t = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9;
    if (t < best) best = t;
  }}
  printf("%.9f %lld\\n", best, (long long)v);
  return 0;
}}
""")
    subprocess.run(["cc", "-O2", "-o", exe, src], check=True)
    seconds, value = subprocess.run([exe], check=True, capture_output=True,
                                    text=True).stdout.split()
    return float(seconds), int(value)


def python_loop():
    v = 7
    for _ in range(N_LOOP):
        p = (v * A + B) & MASK
        v = p ^ (p >> 33)
    return v


def signed(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def numpy_chain(x):
    t = (x * 3 + 7) ^ (x >> 3)
    t = ((t - x) & 1048575 | 5) * x + (x << 2)
    return int(t.sum())


def compare(tmp, name, text, inputs, expected, refs, rows, tiny):
    """Runs `text` interpreted and compiled and checks its output; `tiny`
    (text, inputs) is the same code on small inputs, for the compile time."""
    _, on, out_on = run_mplang(tmp, "w", text, "on", inputs)
    assert out_on == expected, (out_on, expected)
    _, off, out_off = run_mplang(tmp, "w", text, "off", inputs)
    assert out_off == expected, (out_off, expected)
    cpu_on, _, _ = run_mplang(tmp, "tiny", tiny[0], "on", tiny[1])
    cpu_off, _, _ = run_mplang(tmp, "tiny", tiny[0], "off", tiny[1])
    rows.append((name, off, on, cpu_on - cpu_off, refs))


def tiny_vec(text):
    return text.replace(VEC, "tensor<8xi64>")


def main():
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        py, py_value = best_of(python_loop, 1)
        c, c_value = c_loop_time(tmp)
        assert c_value == signed(py_value)
        compare(tmp, "scalar loop 2^20", loop_program(N_LOOP), [],
                f"rank 0: {signed(py_value)} : i64",
                [("CPython", py), ("C -O2", c)], rows, (loop_program(8), []))

        rng = np.random.default_rng(1)
        x = rng.integers(-(1 << 40), 1 << 40, N_VEC, dtype=np.int64)
        vec, small = os.path.join(tmp, "vec.npy"), os.path.join(tmp, "s.npy")
        np.save(vec, x)
        np.save(small, x[:8])
        chain = program("i64", CHAIN + SUM.replace("%IN", "%t10"), [VEC])
        np_chain, chain_value = best_of(lambda: numpy_chain(x))
        compare(tmp, "8-op chain + sum 2^22", chain, [vec],
                f"rank 0: {chain_value} : i64", [("numpy", np_chain)], rows,
                (tiny_vec(chain), [small]))
        total = program("i64", SUM.replace("%IN", "%x0"), [VEC])
        np_sum, sum_value = best_of(lambda: int(x.sum()))
        compare(tmp, "sum 2^22 i64", total, [vec], f"rank 0: {sum_value} : i64",
                [("numpy", np_sum)], rows, (tiny_vec(total), [small]))

        a = rng.standard_normal((N_MAT, N_MAT))
        b = rng.standard_normal((N_MAT, N_MAT))
        pa, pb = os.path.join(tmp, "a.npy"), os.path.join(tmp, "b.npy")
        sa, sb = os.path.join(tmp, "sa.npy"), os.path.join(tmp, "sb.npy")
        for path, m in ((pa, a), (pb, b), (sa, a[:8, :8]), (sb, b[:8, :8])):
            np.save(path, m)
        np_mm, product = best_of(lambda: a @ b)
        mm = program("f64", MATMUL, [MAT, MAT])
        # The interpreter and the compiled loops sum in the same order (the
        # test suite checks the bits); numpy (blocked, FMA) differs in the
        # last bits.
        _, _, out = run_mplang(tmp, "mm", mm, "off", [pa, pb])
        assert abs(float(out.split()[2]) - product[0, 0]) < 1e-9
        compare(tmp, "matmul 512 f64", mm, [pa, pb], out, [("numpy", np_mm)],
                rows, (mm.replace(f"{N_MAT}x{N_MAT}", "8x8"), [sa, sb]))

    print(f"{'workload':24} {'interp s':>10} {'jit s':>10} {'compile s':>10}"
          "   reference s (reference time / jit time)")
    for name, off, on, compile_s, refs in rows:
        ref_text = ", ".join(f"{r} {t:.4f} ({t / on:.2f}x)" for r, t in refs)
        off_text = f"{off:10.4f}" if off is not None else f"{'-':>10}"
        comp_text = (f"{compile_s:10.4f}" if compile_s is not None
                     else f"{'-':>10}")
        print(f"{name:24} {off_text} {on:10.4f} {comp_text}   {ref_text}")


if __name__ == "__main__":
    main()
