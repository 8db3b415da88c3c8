"""The millionaires' problem on the secret-sharing device.

P0 and P1 each hold their wealth. Both numbers are secret-shared on SP0
(two-party additive sharing, docs/ss.md), compared there with the
comparison protocol, and only the answer is revealed, to P0: neither party
sees the other's number, and P1 learns nothing.

    PYTHONPATH=build/python python3 python/examples/ss_millionaire.py 100 200
"""

import sys

import numpy as np

import mplang_mlir as mp


@mp.function
def richer(x, y):
    """x on P0, y on P1: P0 learns whether P1 is richer (x < y)."""
    p1_richer = mp.device("SP0")(lambda a, b: a < b)(x, y)
    return mp.put("P0", p1_richer)


def main(x, y, context=None):
    with context or mp.make_simulator(2):
        return mp.fetch(richer(mp.put("P0", np.int64(x)),
                               mp.put("P1", np.int64(y))))


if __name__ == "__main__":
    print(main(*[int(v) for v in sys.argv[1:3]] or [100, 200]))
