"""Party-local numpy-like code, run in the simulator: exact values against
numpy on the same inputs."""

import numpy as np
import pytest

import mplang_mlir as mp
from mplang_mlir import simp


@pytest.fixture(scope="module")
def sim():
    with mp.make_simulator(1) as s:
        yield s


def run(fn, *arrays):
    """fn on P0 of a one-party simulator, with `arrays` as its arguments."""
    handles = [mp.put("P0", a) for a in arrays]
    out = mp.fetch(mp.evaluate(
        lambda *xs: simp.pcall_static((0,), fn, *xs), *handles))
    return out


def check(fn, *arrays):
    got, want = run(fn, *arrays), fn(*arrays)
    leaves = zip(got, want) if isinstance(want, tuple) else [(got, want)]
    for g, w in leaves:
        w = np.asarray(w)
        g = np.asarray(g)
        assert g.dtype == w.dtype, (g.dtype, w.dtype)
        assert g.shape == w.shape
        np.testing.assert_array_equal(g, w)


I32 = np.array([7, -7, 5, -5, 0, 100], np.int32)
J32 = np.array([2, 2, -3, -3, 9, -7], np.int32)
U8 = np.array([250, 3, 128, 7], np.uint8)
V8 = np.array([3, 250, 2, 255], np.uint8)
F64 = np.array([1.5, -2.25, 0.0, 1e150], np.float64)
G64 = np.array([0.5, 3.0, -1.0, -2e150], np.float64)


def test_signed_arithmetic(sim):
    check(lambda a, b: (a + b, a - b, a * b, a // b, a % b, -a, abs(a)),
          I32, J32)


def test_unsigned_arithmetic_keeps_its_dtype(sim):
    check(lambda a, b: (a + b, a - b, a * b, a // b, a % b, a >> 1, a < b,
                        np.maximum(a, b)), U8, V8)


def test_float_arithmetic(sim):
    check(lambda a, b: (a + b, a - b, a * b, a / b, a % b, -a,
                        np.minimum(a, b), a <= b), F64, G64)


def test_bitwise_and_shifts(sim):
    s = np.array([0, 1, 3, 31, 2, 5], np.int32)
    check(lambda a, b: (a & b, a | b, a ^ b, ~a, a << s, a >> s), I32, J32)


def test_comparisons(sim):
    check(lambda a, b: (a < b, a <= b, a > b, a >= b, a == b, a != b),
          I32, J32)


def test_promotion_and_python_scalars(sim):
    i8 = np.array([1, -2, 3], np.int8)
    check(lambda a: (a + 1, a * 2.5, a + np.int64(3), 10 - a, a / 2), i8)


def test_where_and_broadcasting(sim):
    m = np.arange(12, dtype=np.int64).reshape(3, 4)
    col = np.array([[1], [0], [1]], np.int64)
    check(lambda m, c: (np.where(m > 5, m, -m), m + c,
                        np.where(c > 0, m, 0), m * np.arange(4)), m, col)


def test_reductions(sim):
    m = np.array([[1, -2, 3], [4, 5, -6]], np.int32)
    check(lambda m: (np.sum(m), m.sum(axis=0), np.sum(m, axis=1,
                                                      keepdims=True),
                     m.max(), np.min(m, axis=0), np.sum(m > 0)), m)


def test_shapes(sim):
    m = np.arange(6, dtype=np.int16).reshape(2, 3)
    check(lambda m: (m.reshape(3, 2), m.reshape(-1), m.T,
                     np.transpose(m, (1, 0)), np.concatenate([m, m]),
                     np.stack([m, m], axis=1)), m)


def test_scalars_and_tensors(sim):
    check(lambda x: (x.reshape(1), x.reshape(1, 1), x + np.arange(3),
                     np.zeros_like(x)), np.int64(41))


def test_astype(sim):
    x = np.array([-3, 0, 200, 7], np.int32)
    check(lambda x: (x.astype(np.int8), x.astype(np.uint16),
                     x.astype(np.int64), x.astype(np.float32),
                     x.astype(np.bool_), (x > 0).astype(np.int32)), x)
    check(lambda f: (f.astype(np.int32), f.astype(np.float32),
                     f.astype(np.bool_)), np.array([1.9, -2.9, 0.0]))


def test_matmul(sim):
    a = np.arange(6, dtype=np.int64).reshape(2, 3)
    b = np.arange(12, dtype=np.int64).reshape(3, 4)
    check(lambda a, b: (a @ b, np.dot(a, b)), a, b)
    v = np.array([1.0, 2.0, 3.0])
    check(lambda v, b: v @ b, v, b.astype(np.float64))


def test_constants_from_numpy(sim):
    check(lambda x: (x + np.arange(40, dtype=np.int64), x * np.full(40, 3),
                     np.ones((2, 20)) + x.astype(float).sum()),
          np.arange(40, dtype=np.int64))


def test_indexing(sim):
    m = np.arange(24, dtype=np.int32).reshape(4, 6)
    check(lambda m: (m[1], m[-1, 2], m[1:3], m[:, 2:5], m[::2, 1::3],
                     m[..., -1], m[2, :3]), m)


def test_traced_indices(sim):
    m = np.arange(12, dtype=np.int64).reshape(3, 4)
    got = run(lambda m: m[m[0, 2] - 1, m[0, 3]], m)
    assert got == 7


def test_traced_offsets_with_slices(sim):
    m = np.arange(24, dtype=np.int32).reshape(4, 6)
    got = run(lambda m, i: (m[i, 1:4], m[::2, i], m[i]), m, np.int64(2))
    want = (m[2, 1:4], m[::2, 2], m[2])
    for g, w in zip(got, want):
        assert g.dtype == np.int32
        np.testing.assert_array_equal(g, w)


def test_dynamic_slice_and_update(sim):
    m = np.arange(24, dtype=np.int64).reshape(4, 6)

    def fn(m, i):
        window = mp.dynamic_slice(m, (i, i + 1), (2, 3))
        rows = mp.fori_loop(0, 2, lambda k, acc: mp.dynamic_update_slice(
            acc, mp.dynamic_slice(m, (k * 2, 0), (1, 6)), (k, 0)),
            np.zeros((2, 6), np.int64))
        return window, mp.dynamic_update_slice(m, np.full((1, 2), -1), (3, i))
    window, rows_set = run(fn, m, np.int64(1))
    np.testing.assert_array_equal(window, m[1:3, 2:5])
    want = m.copy()
    want[3, 1:3] = -1
    np.testing.assert_array_equal(rows_set, want)


def test_dynamic_slice_out_of_bounds_fails_at_its_line(sim):
    m = np.arange(6, dtype=np.int64)
    with pytest.raises(mp.RunError) as info:
        run(lambda m, i: mp.dynamic_slice(m, (i,), (4,)), m, np.int64(3))
    assert info.value.message == ("slice of dimension 0 (offset 3, size 4, "
                                  "stride 1) is out of bounds for its size 6")
    assert info.value.location == "%s:%d:26" % (
        __file__,
        test_dynamic_slice_out_of_bounds_fails_at_its_line.__code__
        .co_firstlineno + 3)


def test_fori_loop(sim):
    def fn(m):
        def body(i, state):
            total, power = state
            return total + m[i % 3, 1] * i, power * 2
        return mp.fori_loop(0, 5, body, (np.int64(0), np.int32(1)))
    total, power = run(fn, np.arange(12, dtype=np.int64).reshape(3, 4))
    assert total == 1 * 0 + 5 * 1 + 9 * 2 + 1 * 3 + 5 * 4
    assert power == 32 and power.dtype == np.int32


def test_fori_loop_with_traced_bounds(sim):
    got = run(lambda n, x: mp.fori_loop(0, n, lambda i, acc: acc + x, x),
              np.int64(4), np.array([1, 2], np.int16))
    np.testing.assert_array_equal(got, [5, 10])
    assert got.dtype == np.int16


def test_cond_runs_one_branch(sim):
    def fn(x):
        return mp.cond(x.sum() > 10, lambda: x * 2, lambda: x - 1)
    np.testing.assert_array_equal(run(fn, np.array([5, 6])), [10, 12])
    np.testing.assert_array_equal(run(fn, np.array([1, 2])), [0, 1])
    # The false branch's result takes the true branch's dtype.
    got = run(lambda x: mp.cond(x > 0, lambda: x, lambda: 0), np.int8(-3))
    assert got == 0 and got.dtype == np.int8
