"""Random inputs for test/Protocols/ss-compare-random.mlir and the check of
its results against Python's integers (no numpy).

ss_compare_random.py gen DIR N SEED   writes DIR/x.npy and y.npy, int64[N]
                                      in [-2^62, 2^62) (where ss.lt is exact),
                                      y = x at every seventh element, edge
                                      values first; and w.npy, uniform 64-bit
                                      words with edges, for ss.msb.
ss_compare_random.py check DIR OUT    compares OUT/rank0_result*.npy with
                                      x < y, x == y, max(x, y) and w < 0;
                                      prints "ok" and the element count, or
                                      the first mismatch (exit status 1).
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from ss_random import expect, main, read, wrap, write  # noqa: E402

BOUND = 1 << 62
EDGES = [(0, 0), (0, 1), (1, 0), (-1, 0), (0, -1), (-BOUND, BOUND - 1),
         (BOUND - 1, -BOUND), (-BOUND, -BOUND), (BOUND - 1, BOUND - 1),
         (-1, -2)]
WORDS = [0, 1, -1, -(1 << 63), (1 << 63) - 1, 1 << 62, -(1 << 62)]


def gen(out, n, seed):
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    x = [rng.randrange(-BOUND, BOUND) for _ in range(n)]
    y = [a if i % 7 == 0 else rng.randrange(-BOUND, BOUND)
         for i, a in enumerate(x)]
    for i, (a, b) in enumerate(EDGES):
        x[i], y[i] = a, b
    w = [wrap(rng.getrandbits(64)) for _ in range(n)]
    w[:len(WORDS)] = WORDS
    write(os.path.join(out, "x.npy"), x)
    write(os.path.join(out, "y.npy"), y)
    write(os.path.join(out, "w.npy"), w)


def check(inputs, out):
    x, y, w = (read(os.path.join(inputs, n + ".npy")) for n in "xyw")
    expected = {
        "rank0_result0.npy": [int(a < b) for a, b in zip(x, y)],
        "rank0_result1.npy": [int(a == b) for a, b in zip(x, y)],
        "rank0_result2.npy": [max(a, b) for a, b in zip(x, y)],
        "rank0_result3.npy": [int(v < 0) for v in w],
    }
    expect(out, expected, len(x))


if __name__ == "__main__":
    main(gen, check)
