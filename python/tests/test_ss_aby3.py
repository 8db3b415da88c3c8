"""A three-party replicated secret-sharing device (upstream's SPU with
protocol ABY3): results against numpy on random inputs, under the simulator
and on local workers, what each party's program receives, and the errors."""

import re
import subprocess

import numpy as np
import pytest

import mplang_mlir as mp

from conftest import TOOLS

# Fixed point with 16 fraction bits: one unit is 2^-16.
UNIT = 2.0 ** -16


@pytest.fixture(scope="module", autouse=True)
def aby3():
    mp.ss.define("SP3", parties=(0, 1, 2), protocol="ABY3")


def integer_ops(a, b, c):
    return (a + b, a - c, a * b, a * b * c, 3 * a - b, (a * c).sum(), -b,
            a @ np.arange(a.size), a < b, b >= c, np.where(a > c, a, c),
            np.minimum(b, c), a == b, b != c)


@mp.function
def run_integer(x, y, z):
    out = mp.device("SP3")(integer_ops)(x, y, z)
    return [mp.put("P2", v) for v in out]


def check_integer(context, rng):
    # Products wrap mod 2^64 exactly as numpy's int64 does; comparisons are
    # exact for differences below 2^63. Some elements equal.
    x, y, z = (rng.integers(-2**62, 2**62, 50) for _ in range(3))
    y[::7] = x[::7]
    z[::5] = y[::5]
    with context:
        got = mp.fetch(run_integer(mp.put("P0", x), mp.put("P1", y),
                                   mp.put("P2", z)))
    with np.errstate(over="ignore"):
        want = integer_ops(x, y, z)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_integer_ops_are_exact():
    check_integer(mp.make_simulator(3), np.random.default_rng(11))


def test_integer_ops_on_local_workers():
    check_integer(mp.make_local(3, worker=TOOLS / "mplang-worker"),
                  np.random.default_rng(12))


def test_fixed_point_ops():
    rng = np.random.default_rng(13)
    x, y = rng.uniform(-8, 8, 40), rng.uniform(-8, 8, 40)
    a, b = rng.uniform(-2, 2, (3, 5)), rng.uniform(-2, 2, (5, 4))

    @mp.function
    def run(x, y, a, b):
        sp = mp.device("SP3")
        out = sp(lambda u, v: (u * v, u - 0.5 * v + 1, u / 4, u.mean(),
                               (u * u).sum(), np.where(u > v, u, 0.0),
                               np.maximum(u, -1.0)))(x, y)
        m = sp(lambda p, q: p @ q)(a, b)
        return [mp.put("P1", v) for v in out], mp.put("P0", m)

    with mp.make_simulator(3):
        got, m = mp.fetch(run(mp.put("P0", x), mp.put("P1", y),
                              mp.put("P2", a), mp.put("P0", b)))
    want = [x * y, x - 0.5 * y + 1, x / 4, x.mean(), (x * x).sum(),
            np.where(x > y, x, 0.0), np.maximum(x, -1.0)]
    tolerances = [4, 4, 4, 4, 80, 1, 1]
    for g, w, t in zip(got, want, tolerances):
        np.testing.assert_allclose(g, w, atol=t * UNIT)
    np.testing.assert_allclose(m, a @ b, atol=20 * UNIT)


def test_eager_values_and_fetch():
    # A device value is each rank's pair of shares, which mp.fetch adds.
    with mp.make_simulator(3):
        x = mp.put("P0", np.array([1.5, -2.0, 3.25]))
        y = mp.put("P2", np.array([2.0, 4.0, -1.0]))
        z = mp.device("SP3")(lambda a, b: a * b)(x, y)
        assert z.type.mlir == \
            "!ss.share<tensor<3xi64>, [0, 1, 2], #ss.replicated>"
        np.testing.assert_array_equal(mp.fetch(z), [3.0, -8.0, -3.25])
        pairs = [np.asarray(v) for v in z.values]
        assert all(p.shape == (2, 3) for p in pairs)
        # Rank i's second share is rank i + 1's first.
        for i in range(3):
            np.testing.assert_array_equal(pairs[i][1], pairs[(i + 1) % 3][0])
        w = mp.device("SP3")(lambda a: a + 1)(z)
        assert mp.fetch(mp.put("P1", w)).tolist() == [4.0, -7.0, -2.25]


def test_parties_receive_only_shares():
    @mp.function
    def dot(x, y):
        out = mp.device("SP3")(lambda a, b: (a @ b, a < b, a == b))(x, y)
        return [mp.put("P2", v) for v in out]

    program = mp.compile(dot, mp.mp_type(np.float64, (8,), (0,)),
                         mp.mp_type(np.float64, (8,), (1,)), world_size=3)
    lowered = subprocess.run([str(TOOLS / "mplang-opt"), "--ss-lower-to-simp"],
                             input=program.mlir, capture_output=True,
                             text=True, check=True).stdout
    report = subprocess.run([str(TOOLS / "mplang-opt"), "--simp-disclosure",
                             "-o", "/dev/null"], input=lowered,
                            capture_output=True, text=True,
                            check=True).stdout
    assert "receives clear tensor" not in report
    for rank, others in [(0, ["rank1.arg"]), (1, ["rank0.arg"]),
                         (2, ["rank0.arg", "rank1.arg"])]:
        assert f"rank {rank}: clear from others: none" in report
        line = re.search(f"rank {rank}: randomized from others: (.*)",
                         report).group(1)
        for other in others:
            assert other in line


def test_errors():
    with pytest.raises(ValueError, match="ABY3 needs 3 distinct parties"):
        mp.ss.define("SP4", parties=(0, 1), protocol="ABY3")
    with pytest.raises(ValueError, match="exact truncation needs SEMI2K"):
        mp.ss.define("SP4", parties=(0, 1, 2), protocol="ABY3",
                     exact_truncation=True)
    with pytest.raises(ValueError, match="protocol SEMI2K or ABY3"):
        mp.ss.define("SP4", protocol="CHEETAH")
