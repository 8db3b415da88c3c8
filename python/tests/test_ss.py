"""The secret-sharing device (mplang_mlir.ss, mp.device("SP0")): results
against numpy on random inputs, eager calls, and the errors."""

import numpy as np
import pytest

import mplang_mlir as mp


# Fixed point with 16 fraction bits: one unit is 2^-16; a product or a
# public factor adds a few units of error.
UNIT = 2.0 ** -16


def test_integer_ops_are_exact():
    rng = np.random.default_rng(1)
    x = rng.integers(-2**40, 2**40, 50)
    y = rng.integers(-2**40, 2**40, 50)
    y[::5] = x[::5]

    def body(a, b):
        return (a + b, a - b, a * 3 - b, a < b, a <= b, a == b, a != b,
                a > b, np.where(a < b, b, a), np.minimum(a, b), (a - b).sum(),
                -a)

    @mp.function
    def run(x, y):
        out = mp.device("SP0")(body)(x, y)
        return [mp.put("P1", v) for v in out]

    with mp.make_simulator(2):
        got = mp.fetch(run(mp.put("P0", x), mp.put("P1", y)))
    want = [x + y, x - y, x * 3 - y, x < y, x <= y, x == y, x != y, x > y,
            np.maximum(x, y), np.minimum(x, y), (x - y).sum(), -x]
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    assert got[3].dtype == bool


def test_fixed_point_ops():
    rng = np.random.default_rng(2)
    x, y = rng.uniform(-8, 8, 40), rng.uniform(-8, 8, 40)
    a, b = rng.uniform(-2, 2, (3, 5)), rng.uniform(-2, 2, (5, 4))

    @mp.function
    def run(x, y, a, b):
        sp = mp.device("SP0")
        out = sp(lambda u, v: (u * v, u - 0.5 * v + 1, u / 4, u.mean(),
                               np.where(u > v, u, 0.0)))(x, y)
        m = sp(lambda p, q: p @ q)(a, b)
        return [mp.put("P0", v) for v in out], mp.put("P0", m)

    with mp.make_simulator(2):
        got, m = mp.fetch(run(mp.put("P0", x), mp.put("P1", y),
                              mp.put("P0", a), mp.put("P1", b)))
    want = [x * y, x - 0.5 * y + 1, x / 4, x.mean(), np.where(x > y, x, 0.0)]
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, atol=20 * UNIT)
    np.testing.assert_allclose(m, a @ b, atol=20 * UNIT)


def test_eager_values_and_fetch():
    # Outside a trace each call runs at once; a device value is its shares,
    # which mp.fetch adds up in this process.
    with mp.make_simulator(2):
        x = mp.put("P0", np.array([1.5, -2.0, 3.25]))
        y = mp.put("P1", np.array([2.0, 4.0, -1.0]))
        z = mp.device("SP0")(lambda a, b: a * b)(x, y)
        assert z.type.mlir == "!ss.share<tensor<3xi64>, [0, 1]>"
        np.testing.assert_array_equal(mp.fetch(z), [3.0, -8.0, -3.25])
        shares = [np.asarray(v) for v in z.values]
        assert not np.array_equal(shares[0], shares[1])
        w = mp.device("SP0")(lambda a: a + 1)(z)
        assert mp.fetch(mp.put("P1", w)).tolist() == [4.0, -7.0, -2.25]
        s = mp.put("SP0", np.array([5, 6]))
        assert mp.fetch(mp.device("SP0")(lambda a: a.sum())(s)) == 11


def test_errors():
    mp.ss.define("SP1", parties=(1, 2))

    @mp.function
    def outsider():
        x = mp.put("P0", np.int64(1))
        return mp.device("SP1")(lambda a: a)(x)

    with pytest.raises(mp.TraceError, match="SP1 shares the value of one of "
                       r"its parties \[1, 2\], not a value held by \[0\]"):
        mp.compile(outsider, world_size=3)

    @mp.function
    def divide():
        x, y = mp.put("P0", 1.0), mp.put("P1", 2.0)
        return mp.device("SP0")(lambda a, b: a / b)(x, y)

    with pytest.raises(mp.TraceError, match="division by a secret value"):
        mp.compile(divide, world_size=2)

    @mp.function
    def unsupported():
        x = mp.put("P0", np.array([1.0, 2.0]))
        return mp.device("SP0")(np.exp)(x)

    with pytest.raises(mp.TraceError, match="numpy.exp is not supported on "
                       "the secret-sharing device"):
        mp.compile(unsupported, world_size=2)

    @mp.function
    def leak():
        x = mp.put("P0", np.int64(1))
        return mp.device("SP0")(lambda a: 3)(x)

    with pytest.raises(mp.TraceError, match="returns secret values, not int"):
        mp.compile(leak, world_size=2)
