"""Two-party "millionaire" compare, examples/millionaire.mlir in Python.

P0 holds 100 and P1 holds 200. P0's value is moved to P1, which learns
whether P0 is poorer (100 < 200: True). Like the MLIR version, this plain
version reveals P0's number to P1: it shows the data movement only.

    PYTHONPATH=build/python python3 python/examples/millionaire.py
"""

import mplang_mlir as mp


@mp.function
def millionaire():
    x = mp.put("P0", 100)
    y = mp.put("P1", 200)
    # Runs on P1; x moves there first.
    return mp.device("P1")(lambda a, b: a < b)(x, y)


def main():
    with mp.make_simulator(2):
        return mp.fetch(millionaire())


if __name__ == "__main__":
    print(main())
