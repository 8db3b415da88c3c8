"""The secret-sharing device (mplang_mlir.ss, mp.device("SP0")): results
against numpy on random inputs, under the simulator and on local workers,
what each party's program receives, and the errors."""

import re
import subprocess

import numpy as np
import pytest

import mplang_mlir as mp

from conftest import TOOLS, load_example as load

# Fixed point with 16 fraction bits: one unit is 2^-16; a product or a
# public factor adds a few units of error.
UNIT = 2.0 ** -16


@pytest.fixture(scope="module")
def local():
    # Held open here, the examples' own `with` blocks leave it open.
    with mp.make_local(2, worker=TOOLS / "mplang-worker") as driver:
        yield driver


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
                               np.where(u > v, u, 0.0),
                               np.where(u < 0, -1.0, 1.0)))(x, y)
        m = sp(lambda p, q: p @ q)(a, b)
        return [mp.put("P0", v) for v in out], mp.put("P0", m)

    with mp.make_simulator(2):
        got, m = mp.fetch(run(mp.put("P0", x), mp.put("P1", y),
                              mp.put("P0", a), mp.put("P1", b)))
    want = [x * y, x - 0.5 * y + 1, x / 4, x.mean(), np.where(x > y, x, 0.0),
            np.where(x < 0, -1.0, 1.0)]
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, atol=20 * UNIT)
    np.testing.assert_allclose(m, a @ b, atol=20 * UNIT)


def test_exact_truncation():
    mp.ss.define("SP2", exact_truncation=True)
    rng = np.random.default_rng(5)
    x, y = rng.uniform(-100, 100, 20), rng.uniform(-100, 100, 20)

    @mp.function
    def run(x, y):
        return mp.put("P0", mp.device("SP2")(lambda a, b: a * b)(x, y))

    program = mp.compile(run, mp.mp_type(np.float64, (20,), (0,)),
                         mp.mp_type(np.float64, (20,), (1,)), world_size=2)
    assert "ss.trunc" in program.mlir and "exact}" in program.mlir
    with mp.make_simulator(2):
        got = mp.fetch(run(mp.put("P0", x), mp.put("P1", y)))
    np.testing.assert_allclose(got, x * y, atol=4 * UNIT * 100)


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


def check_millionaire(example, context, rng):
    for x, y in [(100, 200), (200, 100), (7, 7),
                 *rng.integers(-2**50, 2**50, (3, 2))]:
        assert example.main(x, y, context) is np.bool_(x < y)


def check_stats(example, context, rng):
    x, y = rng.uniform(0, 10, 300), rng.uniform(0, 10, 200)
    both = np.concatenate([x, y])
    p0, p1 = example.main(x, y, context)
    assert p0 == p1
    total, mean, var = p0
    assert abs(total - both.sum()) < 500 * UNIT
    assert abs(mean - both.mean()) < 20 * UNIT
    assert abs(var - both.var()) < 200 * UNIT


def check_logreg(example, context, rng):
    x, w = rng.normal(size=(20, 6)), rng.normal(size=6)
    got = example.main(x, w, -0.25, context)
    want = example.predict(x, w, -0.25)
    np.testing.assert_allclose(got, want, atol=20 * UNIT)
    assert ((got > 0.5) == (x @ w - 0.25 > 0)).mean() >= 0.9


@pytest.mark.parametrize("check", [check_millionaire, check_stats,
                                   check_logreg])
def test_examples(check):
    example = load(check.__name__.replace("check_", "ss_"))
    check(example, mp.make_simulator(2), np.random.default_rng(3))


def test_examples_on_local_workers(local):
    rng = np.random.default_rng(4)
    for check in (check_millionaire, check_stats, check_logreg):
        check(load(check.__name__.replace("check_", "ss_")), local, rng)


def disclosure(program):
    lowered = subprocess.run([str(TOOLS / "mplang-opt"), "--ss-lower-to-simp"],
                             input=program.mlir, capture_output=True,
                             text=True, check=True).stdout
    return subprocess.run([str(TOOLS / "mplang-opt"), "--simp-disclosure",
                           "-o", "/dev/null"], input=lowered,
                          capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("name, args", [
    ("ss_millionaire", [((), 0, np.int64), ((), 1, np.int64)]),
    ("ss_stats", [((30,), 0, np.float64), ((20,), 1, np.float64)]),
    ("ss_logreg", [((4, 3), 0, np.float64), ((3,), 1, np.float64),
                   ((), 1, np.float64)]),
])
def test_parties_receive_only_shares(name, args):
    # What each party's projected program receives from the other depends
    # on the other's inputs only through randomized values (shares, masks,
    # openings, OT messages), never in the clear.
    function = getattr(load(name), {"ss_millionaire": "richer",
                                    "ss_stats": "joint_stats",
                                    "ss_logreg": "private_predict"}[name])
    types = [mp.mp_type(dtype, shape, (p,)) for shape, p, dtype in args]
    report = disclosure(mp.compile(function, *types, world_size=2))
    for rank in (0, 1):
        other = 1 - rank
        assert f"rank {rank}: clear from others: none" in report
        line = re.search(f"rank {rank}: randomized from others: (.*)",
                         report).group(1)
        assert f"rank{other}.arg" in line
    assert "receives clear tensor" not in report


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
