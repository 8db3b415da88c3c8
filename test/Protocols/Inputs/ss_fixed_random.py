"""Random inputs for test/Protocols/ss-fixed-random.mlir and the check of
its fixed-point results (16 fraction bits) against Python's integers.

ss_fixed_random.py gen DIR N SEED   writes DIR/x.npy and y.npy, float64[N]
                                    in [-8, 8), edge values first, and
                                    a.npy (8 x 16) and b.npy (16 x 4).
ss_fixed_random.py check DIR OUT    checks OUT/rank0_result*.npy: the
                                    encodings of x (the nearest integers to
                                    x 2^16, halves away from zero), the
                                    truncated products and matrix product
                                    (each floor(v / 2^16) or one more, v the
                                    exact product of the encodings), the
                                    products truncated exactly
                                    (floor(v / 2^16) or one less) and the
                                    decoded products (exactly r 2^-16).
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from ss_random import expect, main, read, write  # noqa: E402

F = 16
EDGES = [0.0, 1.0, -1.0, 0.5, -0.5, 7.999, -8.0, 2.0 ** -17, -(2.0 ** -17),
         1.5 * 2.0 ** -16]


def encode(v):
    s = v * 2.0 ** F
    return int(s + (-0.5 if s < 0 else 0.5))


def gen(out, n, seed):
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)

    def reals(count, edges=()):
        values = [rng.uniform(-8, 8) for _ in range(count)]
        values[:len(edges)] = edges
        return values
    write(os.path.join(out, "x.npy"), reals(n, EDGES), real=True)
    write(os.path.join(out, "y.npy"), reals(n, EDGES[::-1]), real=True)
    write(os.path.join(out, "a.npy"), reals(8 * 16), (8, 16), real=True)
    write(os.path.join(out, "b.npy"), reals(16 * 4), (16, 4), real=True)


def check(inputs, out):
    x, y, a, b = (read(os.path.join(inputs, n + ".npy")) for n in "xyab")
    xe, ye = [encode(v) for v in x], [encode(v) for v in y]
    ae, be = [encode(v) for v in a], [encode(v) for v in b]
    products = [p * q for p, q in zip(xe, ye)]
    matrix = [sum(ae[16 * i + k] * be[4 * k + j] for k in range(16))
              for i in range(8) for j in range(4)]

    def truncated(name, exact, off):
        got = read(os.path.join(out, name))
        for i, (g, v) in enumerate(zip(got, exact)):
            if g - (v >> F) not in (0, off):
                sys.exit(f"{name}[{i}]: got {g}, expected {v >> F} or "
                         f"{(v >> F) + off}")
        return got
    t = truncated("rank0_result1.npy", products, 1)
    truncated("rank0_result2.npy", matrix, 1)
    truncated("rank0_result4.npy", products, -1)
    expect(out, {"rank0_result0.npy": xe,
                 "rank0_result3.npy": [r * 2.0 ** -F for r in t]}, len(x))


if __name__ == "__main__":
    main(gen, check)
