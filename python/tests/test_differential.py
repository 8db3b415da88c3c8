"""Random party-local programs against numpy on random inputs, with local
code interpreted and compiled (JIT). Divisors and shift amounts are made
safe inside the program itself, so numpy and the runtime see the same."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import mplang_mlir as mp
from mplang_mlir import simp

INT_OPS = ["add", "sub", "mul", "floordiv", "mod", "and", "or", "xor",
           "shl", "shr", "min", "max", "where", "sumadd"]
FLOAT_OPS = ["add", "sub", "mul", "div", "min", "max", "where"]


def safe_divisor(x):
    # In {-5..-2, 2..5}: never zero, never -1 (INT_MIN // -1 overflows).
    d = (x & 3) + 2
    return np.where(x < 0, -d, d)


def evaluate(tree, a, b):
    kind = tree[0]
    if kind == "a":
        return a
    if kind == "b":
        return b
    if kind == "const":
        return tree[1]
    if kind == "neg":
        return -evaluate(tree[1], a, b)
    x, y = evaluate(tree[1], a, b), evaluate(tree[2], a, b)
    bits = np.dtype(getattr(a, "dtype", np.int64)).itemsize * 8
    return {
        "add": lambda: x + y,
        "sub": lambda: x - y,
        "mul": lambda: x * y,
        "div": lambda: x / np.where(y == 0, 1.0, y),
        "floordiv": lambda: x // safe_divisor(y),
        "mod": lambda: x % safe_divisor(y),
        "and": lambda: x & y,
        "or": lambda: x | y,
        "xor": lambda: x ^ y,
        "shl": lambda: x << (y & (bits - 1)),
        "shr": lambda: x >> (y & (bits - 1)),
        "min": lambda: np.minimum(x, y),
        "max": lambda: np.maximum(x, y),
        "where": lambda: np.where(x < y, x, y - x),
        # A reduction along the last axis, broadcast back (integers only:
        # a float sum's order differs from numpy's pairwise one).
        "sumadd": lambda: x + np.sum(y, axis=-1 if np.ndim(y) else None,
                                     keepdims=bool(np.ndim(y))),
    }[kind]()


def uses_inputs(tree):
    if tree[0] in ("a", "b"):
        return True
    return any(uses_inputs(t) for t in tree[1:] if isinstance(t, tuple))


def trees(ops):
    leaves = st.sampled_from([("a",), ("b",)]) | st.tuples(
        st.just("const"), st.integers(-3, 3))
    return st.recursive(leaves, lambda sub: st.tuples(
        st.sampled_from(ops), sub, sub) | st.tuples(st.just("neg"), sub),
        max_leaves=6)


def inputs(dtype, elements, other=None, other_elements=None):
    """Two arrays of one shape: of `dtype`, or of `dtype` and `other`."""
    shapes = st.sampled_from([(), (1,), (4,), (2, 3)])
    return shapes.flatmap(lambda shape: st.tuples(
        hnp.arrays(dtype, shape, elements=elements),
        hnp.arrays(dtype if other is None else other, shape,
                   elements=elements if other_elements is None
                   else other_elements)))


def run(sim, tree, a, b):
    with sim:
        ha, hb = mp.put("P0", a), mp.put("P0", b)
        out = simp.pcall_static((0,), lambda x, y: evaluate(tree, x, y),
                                ha, hb)
        return mp.fetch(out)


def check(sim, tree, a, b):
    with np.errstate(all="ignore"):
        want = np.asarray(evaluate(tree, a, b))
    if not uses_inputs(tree):
        return  # constants alone are no traced program
    got = np.asarray(run(sim, tree, a, b))
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)


SIMS = {}


def simulator(jit):
    if jit not in SIMS:
        SIMS[jit] = mp.make_simulator(1, jit=jit)
    return SIMS[jit]


COMMON = dict(deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("jit,count", [("off", 60), ("on", 12)])
@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.int8, np.uint16])
def test_integer_programs(jit, count, dtype):
    @settings(max_examples=count, **COMMON)
    @given(trees(INT_OPS), inputs(dtype, st.integers(
        int(np.iinfo(dtype).min) // 2, int(np.iinfo(dtype).max) // 2)))
    def prop(tree, ab):
        check(simulator(jit), tree, *ab)
    prop()


@pytest.mark.parametrize("jit,count", [("off", 40), ("on", 10)])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_float_programs(jit, count, dtype):
    @settings(max_examples=count, **COMMON)
    @given(trees(FLOAT_OPS), inputs(dtype, st.floats(
        -1e3, 1e3, width=np.dtype(dtype).itemsize * 8)))
    def prop(tree, ab):
        check(simulator(jit), tree, *ab)
    prop()


@pytest.mark.parametrize("first,second", [(np.int8, np.int32),
                                          (np.uint8, np.int16),
                                          (np.int64, np.uint32)])
def test_mixed_integer_programs(first, second):
    small = st.integers(-100, 100)
    @settings(max_examples=40, **COMMON)
    @given(trees(INT_OPS), inputs(first, small if np.dtype(first).kind ==
                                  "i" else st.integers(0, 200), second,
                                  small if np.dtype(second).kind == "i"
                                  else st.integers(0, 200)))
    def prop(tree, ab):
        check(simulator("off"), tree, *ab)
    prop()


def test_mixed_float_programs():
    @settings(max_examples=40, **COMMON)
    @given(trees(FLOAT_OPS), inputs(np.int32, st.integers(-1000, 1000),
                                    np.float32, st.floats(-1e3, 1e3,
                                                          width=32)))
    def prop(tree, ab):
        check(simulator("off"), tree, *ab)
    prop()
