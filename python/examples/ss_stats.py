"""Secure sum, mean and variance of two parties' data.

P0 and P1 each hold a vector of reals (of their own lengths). On the
secret-sharing device SP0 the values are fixed point with 16 fraction
bits; the device computes the sum, the mean and the (population) variance
of all of them together, mean of squares minus squared mean, and reveals
the three to both parties, and nothing else.

    PYTHONPATH=build/python python3 python/examples/ss_stats.py
"""

import numpy as np

import mplang_mlir as mp


def stats(a, b):
    n = a.size + b.size
    total = a.sum() + b.sum()
    mean = total / n
    squares = (a * a).sum() + (b * b).sum()
    return total, mean, squares / n - mean * mean


@mp.function
def joint_stats(x, y):
    """x on P0, y on P1: both learn the sum, mean and variance of x and y."""
    secret = mp.device("SP0")(stats)(x, y)
    return ([mp.put("P0", v) for v in secret],
            [mp.put("P1", v) for v in secret])


def main(x, y, context=None):
    with context or mp.make_simulator(2):
        return mp.fetch(joint_stats(mp.put("P0", x), mp.put("P1", y)))


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    x, y = rng.uniform(0, 10, 600), rng.uniform(0, 10, 400)
    print(main(x, y)[0], stats(x, y))
