"""Oblivious group-by sum with BFV: P0 holds values, P1 holds which of K
groups each value belongs to. P1 learns the sum of each group; P0 learns
nothing (it decrypts only masked sums), and P1 never sees a value.

    PYTHONPATH=build/python python3 python/examples/groupby.py
"""

import numpy as np

import mplang_mlir as mp

SALARIES = np.array([5200, 6100, 4800, 7300, 5900, 6600], np.int64)
DEPARTMENTS = np.array([0, 1, 0, 2, 1, 2], np.int64)


@mp.function
def payroll_by_department(salaries, departments):
    return mp.lib.oblivious_groupby_sum_bfv(salaries, departments, 3)


def main():
    with mp.make_simulator(2):
        salaries = mp.put("P0", SALARIES)
        departments = mp.put("P1", DEPARTMENTS)
        return mp.fetch(payroll_by_department(salaries, departments))[1]


if __name__ == "__main__":
    print(main().tolist())
