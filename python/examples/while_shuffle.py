"""A global loop whose body moves data, examples/while_shuffle.mlir in
Python.

P0 holds x = 1. While x < 100, x goes to P1, P1 doubles it and sends it
back. P0 computes the predicate and shares it with P1, so both parties
iterate together. Result on P0: 128.

    PYTHONPATH=build/python python3 python/examples/while_shuffle.py
"""

import mplang_mlir as mp
from mplang_mlir import simp


def below_100(x):
    lt = simp.pcall_static((0,), lambda v: v < 100, x)
    return simp.shuffle_static(lt, {0: 0, 1: 0})


def double_on_p1(x):
    at1 = simp.shuffle_static(x, {1: 0})
    doubled = simp.pcall_static((1,), lambda v: v + v, at1)
    return simp.shuffle_static(doubled, {0: 1})


@mp.function
def double_until_100():
    return simp.while_loop(below_100, double_on_p1, simp.constant((0,), 1))


def main():
    with mp.make_simulator(2):
        return mp.fetch(double_until_100())


if __name__ == "__main__":
    print(main())
