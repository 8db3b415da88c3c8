"""Uniform branch, examples/uniform_cond.mlir in Python.

P0 decides whether to share its value (x = 42 > 10, so yes) and tells
everyone; then both parties take the same branch. The `then` branch sends
P0's value to P1, the `else` branch gives P1 zero. P1 ends up with 42.

    PYTHONPATH=build/python python3 python/examples/uniform_cond.py
"""

import mplang_mlir as mp
from mplang_mlir import simp


@mp.function
def share_if_large():
    x = simp.constant((0,), 42)
    large = simp.pcall_static((0,), lambda v: v > 10, x)
    # Every party that runs the branch must hold the predicate.
    p = simp.shuffle_static(large, {0: 0, 1: 0})
    return simp.uniform_cond(p,
                             lambda v: simp.shuffle_static(v, {1: 0}),
                             lambda v: simp.constant((1,), 0),
                             x)


def main():
    with mp.make_simulator(2):
        return mp.fetch(share_if_large())


if __name__ == "__main__":
    print(main())
