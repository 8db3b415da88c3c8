"""Handles on local workers: a result stays on its party's worker between
calls, a later call takes it by reference, mp.fetch fetches it.

P0 holds 0, 1, ..., 7. The first call moves them to P1, which scales them
by 10 and keeps the result in its worker's memory store. The second call
has P1 sum three of them from an offset it receives at run time
(from 2: 20 + 30 + 40 = 90).

    PYTHONPATH=build/python python3 python/examples/local_handles.py
"""

import numpy as np

import mplang_mlir as mp
from mplang_mlir import simp


@mp.function
def scale_on_p1(x):
    at1 = simp.shuffle_static(x, {1: 0})
    return simp.pcall_static((1,), lambda v: v * 10, at1)


@mp.function
def window_sum(y, start):
    return simp.pcall_static(
        (1,), lambda v, i: mp.dynamic_slice(v, (i,), (3,)).sum(), y, start)


def main():
    # Two mplang-worker processes, started once for both calls.
    with mp.make_local(2):
        y = scale_on_p1(mp.put("P0", np.arange(8)))
        # y is P1's: its handle names the object P1's worker keeps.
        total = window_sum(y, mp.put("P1", np.int64(2)))
        return y.values[1].uri.startswith("mem://"), mp.fetch(total)


if __name__ == "__main__":
    kept, total = main()
    print(f"kept on P1: {kept}; window sum: {total}")
