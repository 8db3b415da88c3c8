"""Tracing to simp MLIR: the text, the locations, the errors. Pure Python:
nothing here runs a program."""

import inspect

import numpy as np
import pytest

import mplang_mlir as mp
from mplang_mlir import simp

I64 = {p: mp.mp_type(np.int64, (), (p,)) for p in range(3)}


def line_of(marker):
    """The line of this file holding `marker` (in a comment)."""
    lines = inspect.getsource(inspect.getmodule(line_of)).splitlines()
    return next(i + 1 for i, s in enumerate(lines) if marker in s)


def sum3(a, b, c):
    b0 = simp.shuffle_static(b, {0: 1})  # @shuffle-b
    c0 = simp.shuffle_static(c, {0: 2})
    total = simp.pcall_static((0,), lambda x, y, z: x + y + z, a, b0, c0)
    return simp.shuffle_static(total, {0: 0, 1: 0, 2: 0})


def test_sum_text():
    text = mp.compile(sum3, I64[0], I64[1], I64[2], world_size=3).mlir
    assert text.startswith(
        "module attributes {simp.world_size = 3 : i64} {\n"
        "  func.func @main(%arg0: !simp.mp<i64, [0]>, "
        "%arg1: !simp.mp<i64, [1]>, %arg2: !simp.mp<i64, [2]>) -> "
        "(!simp.mp<i64, [0, 1, 2]>) {\n")
    body = [line.split(" loc(")[0].strip() for line in text.splitlines()]
    assert body[2:12] == [
        "%1 = simp.shuffle %arg1 [0 <- 1] : !simp.mp<i64, [1]> -> "
        "!simp.mp<i64, [0]>",
        "%2 = simp.shuffle %arg2 [0 <- 2] : !simp.mp<i64, [2]> -> "
        "!simp.mp<i64, [0]>",
        "%8 = simp.pcall [0] (%arg0, %1, %2) : (!simp.mp<i64, [0]>, "
        "!simp.mp<i64, [0]>, !simp.mp<i64, [0]>) -> (!simp.mp<i64, [0]>) {",
        "^bb0(%3: i64, %4: i64, %5: i64):",
        "%6 = arith.addi %3, %4 : i64",
        "%7 = arith.addi %6, %5 : i64",
        "simp.yield %7 : i64",
        "}",
        "%9 = simp.shuffle %8 [0 <- 0, 1 <- 0, 2 <- 0] : "
        "!simp.mp<i64, [0]> -> !simp.mp<i64, [0, 1, 2]>",
        "return %9 : !simp.mp<i64, [0, 1, 2]>",
    ]


def test_locations_name_the_user_line():
    text = mp.compile(sum3, I64[0], I64[1], I64[2], world_size=3).mlir
    line = line_of("@shuffle-b")
    assert f'loc("{__file__}":{line}:10)' in text.splitlines()[2]
    # The ops of a party's function carry the line of its lambda.
    assert f'loc("{__file__}":{line + 2}:' in text.splitlines()[6]


def test_converge_uniform_cond_while_loop_text():
    def prog():
        x = simp.constant((0,), 1)
        p = simp.converge(simp.constant((0,), True),
                          simp.constant((1,), True))
        r = simp.uniform_cond(p, lambda v: simp.shuffle_static(v, {1: 0}),
                              lambda v: simp.constant((1,), 0), x)

        def body(s):
            return simp.pcall_static((0,), lambda v: v + 1, s)
        w = simp.while_loop(
            lambda s: simp.shuffle_static(
                simp.pcall_static((0,), lambda v: v < 3, s), {0: 0, 1: 0}),
            body, x)
        return r, w

    text = mp.compile(prog, world_size=2).mlir
    ops = [line.split(" loc(")[0].strip() for line in text.splitlines()]
    assert ("%7 = simp.converge %4, %6 : !simp.mp<i1, [0]>, "
            "!simp.mp<i1, [1]> -> !simp.mp<i1, [0, 1]>") in ops
    assert ("%13 = simp.uniform_cond %7 (%2) : !simp.mp<i1, [0, 1]>, "
            "(!simp.mp<i64, [0]>) -> (!simp.mp<i64, [1]>)") in ops
    assert "then {" in ops and "} else {" in ops
    assert ("%25 = simp.while_loop (%2) : (!simp.mp<i64, [0]>) -> "
            "(!simp.mp<i64, [0]>)") in ops
    assert "cond {" in ops and "} body {" in ops


def test_pcall_dynamic_text():
    def prog(x):
        return simp.pcall_dynamic(lambda v: v * v, x)

    text = mp.compile(prog, mp.mp_type(np.int32, (2,), (0, 1)),
                      world_size=2).mlir
    assert ("simp.pcall_dynamic (%arg0) : (!simp.mp<tensor<2xi32>, [0, 1]>)"
            " -> (!simp.mp<tensor<2xi32>, ?>) {") in text
    assert "%2 = arith.muli %1, %1 : tensor<2xi32>" in text


def test_captured_values_become_operands():
    def prog(x, y):
        # y is not an argument of the call: it is captured.
        return simp.pcall_static((0,), lambda a: a + y, x)

    text = mp.compile(prog, I64[0], mp.mp_type(np.int64, (), (0, 1)),
                      world_size=2).mlir
    assert ("simp.pcall [0] (%arg0, %arg1) : (!simp.mp<i64, [0]>, "
            "!simp.mp<i64, [0, 1]>) -> (!simp.mp<i64, [0]>) {") in text
    assert "^bb0(%1: i64, %2: i64):" in text


def test_constants():
    def prog():
        return simp.pcall_static((0,), lambda: (
            np.arange(20, dtype=np.int32), np.array([True, False]),
            np.float64(np.inf), np.full((2, 2), 7, np.uint8), -1.5))

    text = mp.compile(prog, world_size=1).mlir
    raw = np.arange(20, dtype="<i4").tobytes().hex().upper()
    assert f'arith.constant dense<"0x{raw}"> : tensor<20xi32>' in text
    assert "arith.constant dense<[true, false]> : tensor<2xi1>" in text
    assert "arith.constant 0x7FF0000000000000 : f64" in text
    assert "arith.constant dense<7> : tensor<2x2xi8>" in text
    assert "arith.constant -1.5 : f64" in text


def error_of(fn, *args, world_size=2):
    with pytest.raises(mp.TraceError) as info:
        mp.compile(fn, *args, world_size=world_size)
    return str(info.value)


def test_pcall_parties_must_hold_operands():
    def prog(x):
        return simp.pcall_static((0, 1), lambda v: v, x)  # @bad-pcall
    message = error_of(prog, I64[0])
    assert message == (f"{__file__}:{line_of('@bad-pcall')}:16: the function "
                       "runs on parties [0, 1] but %arg0 is held by [0]")


def test_shuffle_source_must_hold_the_value():
    def prog(x):
        return simp.shuffle_static(x, {0: 1})  # @bad-shuffle
    assert error_of(prog, I64[0]) == (
        f"{__file__}:{line_of('@bad-shuffle')}:16: simp.shuffle_static: "
        "source party 1 does not hold the value (held by [0])")


def test_converge_needs_disjoint_pieces():
    def prog(x):
        return simp.converge(x, x)
    assert error_of(prog, I64[0]).endswith(
        "simp.converge takes pieces of disjoint party sets")


def test_uniform_cond_branches_must_agree():
    def prog(x):
        p = simp.constant((0, 1), True)
        return simp.uniform_cond(p, lambda v: v,
                                 lambda v: simp.shuffle_static(v, {1: 0}), x)
    assert error_of(prog, I64[0]).endswith(
        "simp.uniform_cond: the branches return different types: "
        "['!simp.mp<i64, [0]>'] and ['!simp.mp<i64, [1]>']")


def test_unsupported_numpy_call_is_named():
    def prog(x):
        return simp.pcall_static((0,), lambda v: np.sin(v), x)  # @sin
    assert error_of(prog, I64[0]) == (
        f"{__file__}:{line_of('@sin')}:50: numpy.sin is not supported in a "
        "party's function")
    def prog2(x):
        return simp.pcall_static((0,), lambda v: np.cumsum(v), x)
    assert "numpy.cumsum is not supported" in error_of(prog2, I64[0])


def test_traced_values_have_no_python_truth():
    def prog(x):
        return simp.pcall_static((0,), lambda v: v if v > 0 else -v, x)
    assert "has no Python value" in error_of(prog, I64[0])


def test_global_arithmetic_needs_a_party():
    def prog(x):
        return x + 1
    assert "outside a party's function" in error_of(prog, I64[0])


def test_nested_pcall_text():
    def prog(x):
        def outer(v):
            return simp.pcall_static((0,), lambda w: w + v, v)
        return simp.pcall_static((0, 1), outer, x)
    text = mp.compile(prog, mp.mp_type(np.int64, (), (0, 1)),
                      world_size=2).mlir
    assert "-> (!simp.mp<!simp.mp<i64, [0]>, [0, 1]>)" in text
    # The enclosing call's value enters the nested one as a public operand,
    # once, whether passed or captured.
    assert "simp.pcall [0] (%1) : (i64) -> (!simp.mp<i64, [0]>)" in text


def test_nested_pcall_runs_on_some_of_the_parties():
    def prog(x):
        return simp.pcall_static(
            (0,), lambda v: simp.pcall_static((0, 1), lambda w: w, v), x)
    assert ("a nested simp.pcall_static on parties [0, 1] must run on some "
            "of the enclosing call's parties [0]") in error_of(prog, I64[0])


def test_nested_pcall_inside_pcall_dynamic_is_refused():
    def prog(x):
        return simp.pcall_dynamic(
            lambda v: simp.pcall_static((0,), lambda w: w, v), x)
    assert "inside simp.pcall_dynamic's function is not supported" in \
        error_of(prog, I64[0])


def test_nested_results_need_a_nested_call_for_arithmetic():
    def prog(x):
        def outer(v):
            return simp.pcall_static((0,), lambda w: w, v) + 1
        return simp.pcall_static((0,), outer, x)
    assert "compute on it in a nested simp.pcall_static" in error_of(
        prog, I64[0])


def test_library_calls_are_declared():
    def prog(x, y):
        return mp.lib.psi(x, y)
    text = mp.compile(prog, mp.mp_type(np.int64, (100,), (1,)),
                      mp.mp_type(np.int64, (200,), (0,)), world_size=2).mlir
    # The capacity is the larger set's size.
    assert ("  func.func private @mplang.psi.rr22.n200("
            "!simp.mp<tensor<200xi64>, [1]>, !simp.mp<tensor<200xi1>, [1]>, "
            "!simp.mp<tensor<200xi64>, [0]>, !simp.mp<tensor<200xi1>, [0]>)"
            " -> (!simp.mp<tensor<200xi1>, [0]>)\n") in text
    assert "func.call @mplang.psi.rr22.n200(" in text


def test_psi_needs_two_parties():
    def prog(x, y):
        return mp.lib.psi(x, y)
    assert error_of(prog, mp.mp_type(np.int64, (4,), (0,)),
                    mp.mp_type(np.int64, (4,), (0,))).endswith(
        "psi runs between two parties")
