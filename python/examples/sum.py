"""Three-party sum, examples/sum.mlir written in Python.

Party i holds one private int64; P1 and P2 send theirs to P0, P0 adds the
three and every party receives the sum.

    PYTHONPATH=build/python python3 python/examples/sum.py 1 2 3
"""

import sys

import numpy as np

import mplang_mlir as mp
from mplang_mlir import simp


@mp.function
def three_party_sum(a, b, c):
    b0 = simp.shuffle_static(b, {0: 1})
    c0 = simp.shuffle_static(c, {0: 2})
    total = simp.pcall_static((0,), lambda x, y, z: x + y + z, a, b0, c0)
    return simp.shuffle_static(total, {0: 0, 1: 0, 2: 0})


def main(values):
    with mp.make_simulator(3):
        a, b, c = (mp.put(f"P{i}", np.int64(v)) for i, v in enumerate(values))
        return mp.fetch(three_party_sum(a, b, c))


if __name__ == "__main__":
    print(main([int(v) for v in sys.argv[1:4]] or [1, 2, 3]))
