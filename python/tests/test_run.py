"""Running in process: handles, eager calls, the projected programs and
their digests, and errors that name the failing rank and Python line."""

import inspect
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import mplang_mlir as mp
from mplang_mlir import simp

from conftest import tool


def line_of(marker):
    lines = inspect.getsource(inspect.getmodule(line_of)).splitlines()
    return next(i + 1 for i, s in enumerate(lines) if marker in s)


def test_handles_stay_on_their_parties():
    with mp.make_simulator(2):
        x = mp.put("P0", np.array([1, 2, 3], np.int32))
        assert x.values[1] is None
        y = simp.pcall_static((0,), lambda v: v * 10, x)  # eager: runs now
        z = simp.shuffle_static(y, {1: 0})
        assert isinstance(z, mp.Handle)
        assert z.type.mlir == "!simp.mp<tensor<3xi32>, [1]>"
        got = mp.fetch(z)
        assert got[0] is None
        np.testing.assert_array_equal(got[1], [10, 20, 30])
        assert got[1].dtype == np.int32


def test_function_is_traced_once_per_signature():
    calls = []

    @mp.function
    def double(x):
        calls.append(1)
        return simp.pcall_static((0, 1), lambda v: v + v, x)

    with mp.make_simulator(2):
        x = simp.constant((0, 1), np.int64(21))
        assert mp.fetch(double(x)) == [42, 42]
        assert mp.fetch(double(double(x))) == [84, 84]
        assert len(calls) == 1


def test_device_api():
    with mp.make_simulator(2):
        x = mp.put("P0", np.uint8(200))
        y = mp.device("P1")(lambda a: a + np.uint8(100))(x)
        assert mp.fetch(y) == np.uint8(44)
        assert mp.fetch(y).dtype == np.uint8


def test_unsigned_values_round_trip():
    with mp.make_simulator(1):
        x = mp.put("P0", np.array([255, 1], np.uint8))
        y = mp.evaluate(lambda v: simp.pcall_static((0,), lambda a: a // 2,
                                                    v), x)
        got = mp.fetch(y)
        assert got.dtype == np.uint8
        np.testing.assert_array_equal(got, [127, 0])


def test_compile_gives_ranks_and_digests(tmp_mlir):
    def prog(x):
        return simp.shuffle_static(x, {1: 0})

    program = mp.compile(prog, mp.mp_type(np.int64, (4,), (0,)),
                         world_size=2)
    ranks = program.ranks()
    assert len(ranks) == 2
    assert "simp.send" in ranks[0] and "simp.recv" in ranks[1]
    path = tmp_mlir(program.mlir)
    want = tool("mplang-opt", "--simp-project", "--simp-program-digests",
                "-o", "/dev/null", path)
    assert [f"rank {r}: {d}" for r, d in enumerate(program.digests())] == \
        want.splitlines()


def test_verifier_errors_point_into_python():
    def prog(x):
        simp.shuffle_static(x, {5: 0})  # @outside-world
        return x
    program = mp.compile(prog, mp.mp_type(np.int64, (), (0,)), world_size=2)
    with pytest.raises(mp.CompileError) as info:
        program.ranks()
    assert info.value.message == "the program does not verify"
    line = line_of("@outside-world")
    assert info.value.diagnostics[0].startswith(f"{__file__}:{line}:9: "
                                                "error: ")


def test_run_errors_name_the_rank_and_the_line():
    def prog():
        x = simp.constant((0, 1), np.int64(7))
        zero = simp.constant((0, 1), np.int64(0))
        # Rank 1 divides by zero, rank 0 by one.
        d = simp.converge(simp.constant((0,), np.int64(1)),
                          simp.constant((1,), np.int64(0)))
        return simp.pcall_static((0, 1), lambda a, b, z: a // b + z,
                                 x, d, zero)  # @divide
    with mp.make_simulator(2):
        with pytest.raises(mp.RunError) as info:
            mp.evaluate(prog)
    error = info.value
    assert error.rank == 1
    assert error.location == f"{__file__}:{line_of('@divide') - 1}:58"
    assert error.message == "division by zero"


def test_a_non_uniform_predicate_fails_at_the_branch():
    def prog():
        p = simp.converge(simp.constant((0,), True),
                          simp.constant((1,), False))
        x = simp.constant((0, 1), np.int64(1))
        return simp.uniform_cond(p, lambda v: v, lambda v: v, x)  # @cond
    with mp.make_simulator(2):
        with pytest.raises(mp.RunError) as info:
            mp.evaluate(prog)
    assert info.value.location == f"{__file__}:{line_of('@cond')}:16"
    assert "uniform" in info.value.message


def test_arguments_must_match_the_program():
    program = mp.compile(lambda x: x, mp.mp_type(np.int64, (), (0,)),
                         world_size=1)
    with mp.make_simulator(1):
        with pytest.raises(TypeError, match="argument 0 must be a "
                           r"!simp.mp<i64, \[0\]>"):
            mp.evaluate(program, mp.put("P0", np.int32(1)))
        assert mp.fetch(mp.evaluate(program, mp.put("P0", np.int64(5)))) \
            == 5


def test_loops_and_branches_run():
    def prog():
        x = simp.constant((0,), np.int64(1))

        def cond(s):
            c = simp.pcall_static((0,), lambda v: v < 100, s)
            return simp.shuffle_static(c, {0: 0, 1: 0})

        def body(s):
            d = simp.pcall_static((1,), lambda v: v + v,
                                  simp.shuffle_static(s, {1: 0}))
            return simp.shuffle_static(d, {0: 1})
        p = simp.shuffle_static(
            simp.pcall_static((0,), lambda v: v > 10, x), {0: 0, 1: 0})
        r = simp.uniform_cond(
            p, lambda v: simp.shuffle_static(v, {1: 0}),
            lambda v: simp.constant((1,), np.int64(0)), x)
        return simp.while_loop(cond, body, x), r

    with mp.make_simulator(2):
        loop, branch = mp.fetch(mp.evaluate(prog))
    assert loop == [128, None]
    assert branch == [None, 0]


def test_shuffle_dynamic():
    def prog():
        # P0 asks for P1's piece, P1 for P0's.
        idx = simp.converge(simp.constant((0,), np.int64(1)),
                            simp.constant((1,), np.int64(0)))
        x = simp.converge(simp.constant((0,), np.int32(10)),
                          simp.constant((1,), np.int32(20)))
        return simp.shuffle_dynamic(x, idx)
    with mp.make_simulator(2):
        y = mp.evaluate(prog)
    assert y.type.mlir == "!simp.mp<i32, ?>"
    assert mp.fetch(y) == [20, 10]


def test_upstream_device_pattern():
    # upstream's tutorial: explicit placement, values fetched per device.
    def millionaire():
        x = mp.device("P0")(lambda: 3)()
        y = mp.device("P1")(lambda: 5)()
        return x, y, mp.device("P1")(lambda a, b: a < b)(x, y)

    with mp.make_simulator(2):
        x, y, result = mp.evaluate(millionaire)
        assert (mp.fetch(x), mp.fetch(y)) == (3, 5)
        assert mp.fetch(result) is np.True_
        moved = mp.put("P1", x)  # eager: a shuffle run at once
        assert moved.values[0] is None and mp.fetch(moved) == 3


def test_runtime_objects_stay_handles_between_runs():
    from mplang_mlir import bfv
    with mp.make_simulator(1):
        pk, sk = simp.pcall_static((0,), bfv.keygen)
        assert pk.type.mlir == ("!simp.mp<!bfv.public_key<#bfv.params<n = "
                                "4096, t = 1032193>>, [0]>")
        assert pk.values[0].kind == "bfv.public_key"
        x = mp.put("P0", np.array([5, -6, 7], np.int64))
        c = simp.pcall_static((0,), lambda v, k: bfv.encrypt(v, k) -
                              bfv.encrypt(v + 1, k), x, pk)
        got = simp.pcall_static((0,), lambda c, k: bfv.decrypt(c, k, 3),
                                c, sk)
        np.testing.assert_array_equal(mp.fetch(got), [-1, -1, -1])


def test_psi_between_any_two_parties():
    with mp.make_simulator(3):
        x = mp.put("P2", np.array([5, 9, 11, 40], np.int64))
        y = mp.put("P0", np.array([1, 9, 40, 7, 5], np.int64))
        mask, count = mp.evaluate(lambda a, b: mp.lib.psi(a, b), x, y)
        assert mask.type.mlir == "!simp.mp<tensor<5xi1>, [0]>"
        np.testing.assert_array_equal(mp.fetch(mask)[0],
                                      [False, True, True, False, True])
        assert mp.fetch(count) == [3, None, None]


def test_unbalanced_psi_serves_two_clients():
    with mp.make_simulator(3):
        x = mp.put("P1", np.array([5, 9, 11, 40, 77], np.int64))
        key, table = mp.evaluate(mp.lib.psi_unbalanced_setup, x)
        assert table.type.mlir == "!simp.mp<tensor<6x6xi16>, [1]>"
        y = mp.put("P0", np.array([1, 9, 40, 7, 5], np.int64))
        mask, count = mp.evaluate(mp.lib.psi_unbalanced_query, key, table, y)
        np.testing.assert_array_equal(mp.fetch(mask)[0],
                                      [False, True, True, False, True])
        assert mp.fetch(count) == [3, None, None]
        z = mp.put("P2", np.array([77, 6, 11], np.int64))
        mask, count = mp.evaluate(mp.lib.psi_unbalanced_query, key, table, z)
        np.testing.assert_array_equal(mp.fetch(mask)[2], [True, False, True])
        assert mp.fetch(count) == [None, None, 2]


def test_bfv_products_rotations_and_plain_operands():
    from mplang_mlir import bfv

    def fn(x, y):
        pk, sk = bfv.keygen()
        rk, gk = bfv.make_relin_keys(sk), bfv.make_galois_keys(sk)
        cx, cy = bfv.encrypt(x, pk), bfv.encrypt(y, pk)
        product = bfv.relinearize(cx * cy, rk)
        rotated = bfv.rotate(product, 1, gk)
        mixed = np.full(4, 10) - cx * np.array([2, 2, 2, 2]) + y
        return tuple(bfv.decrypt(c, sk, 4) for c in (product, rotated, mixed))

    with mp.make_simulator(1):
        x = mp.put("P0", np.array([1, 2, 3, 4], np.int64))
        y = mp.put("P0", np.array([5, 6, 7, 8], np.int64))
        product, rotated, mixed = mp.fetch(simp.pcall_static((0,), fn, x, y))
    np.testing.assert_array_equal(product, [5, 12, 21, 32])
    np.testing.assert_array_equal(rotated, [12, 21, 32, 0])
    np.testing.assert_array_equal(mixed, [13, 12, 11, 10])


def test_bfv_decryption_that_can_fail_is_refused_when_compiled():
    from mplang_mlir import bfv

    def cube(v):
        pk, sk = bfv.keygen(poly_modulus_degree=4096)
        rk = bfv.make_relin_keys(sk)
        c = bfv.encrypt(v, pk)
        c3 = bfv.relinearize(bfv.relinearize(c * c, rk) * c, rk)
        return bfv.decrypt(c3, sk, 4)  # @exhausted

    program = mp.compile(lambda x: simp.pcall_static((0,), cube, x),
                         mp.mp_type(np.int64, (4,), (0,)), world_size=1)
    with pytest.raises(mp.CompileError) as info:
        program.ranks()
    assert info.value.diagnostics[0].startswith(
        f"{__file__}:{line_of('@exhausted')}:16: error: 'bfv.decrypt' op can "
        "fail: its input needs 20 more bits of noise budget")
    assert "#bfv.params<n = 8192, t = 1032193" in info.value.diagnostics[0]


def test_sanitized_result_decrypts():
    from mplang_mlir import bfv

    def fn(x):
        pk, sk = bfv.keygen(poly_modulus_degree=8192)
        c = bfv.encrypt(x, pk) * np.array([3, 3, 0, 0])
        return bfv.decrypt(bfv.sanitize(c, pk, security=64), sk, 4)

    with mp.make_simulator(1):
        x = mp.put("P0", np.array([1, -2, 3, 4], np.int64))
        got = mp.fetch(simp.pcall_static((0,), fn, x))
    np.testing.assert_array_equal(got, [3, -6, 0, 0])


def test_oblivious_groupby_sum_bfv():
    rng = np.random.default_rng(7)
    data = rng.integers(-50, 100, 9000).astype(np.int64)  # three chunks
    bins = rng.integers(0, 3, 9000).astype(np.int32)

    def groupby(d, b):
        return mp.lib.oblivious_groupby_sum_bfv(d, b, 3)

    with mp.make_simulator(2):
        d, b = mp.put("P0", data), mp.put("P1", bins)
        sums = mp.evaluate(groupby, d, b)
        program = mp.compile(groupby, d, b)
    assert sums.type.mlir == "!simp.mp<tensor<3xi64>, [1]>"
    np.testing.assert_array_equal(
        mp.fetch(sums)[1], [data[bins == k].sum() for k in range(3)])
    # The receiver masks and sanitizes the sums before the key holder
    # decrypts them.
    sender, receiver = program.ranks()
    assert "crypto.random_bytes" in receiver
    assert "crypto.random_bytes" not in sender
    assert receiver.count("bfv.sanitize") == 3


def test_function_cache_tells_arrays_apart():
    @mp.function
    def add_constant(x, table):
        return simp.pcall_static((0,), lambda v: v + table, x)

    with mp.make_simulator(1):
        x = mp.put("P0", np.zeros(2000, np.int64))
        a, b = np.zeros(2000, np.int64), np.zeros(2000, np.int64)
        b[1000] = 5  # the same repr as `a` (numpy elides the middle)
        assert repr(a) == repr(b)
        assert mp.fetch(add_constant(x, a))[1000] == 0
        assert mp.fetch(add_constant(x, b))[1000] == 5


def test_results_go_back_to_a_later_run_without_a_copy():
    with mp.make_simulator(1):
        x = simp.pcall_static((0,), lambda: np.arange(8, dtype=np.uint8))
        y = simp.pcall_static((0,), lambda v: v, x)  # the same tensor
        z = simp.pcall_static((0,), lambda v: v, mp.put("P0", x.values[0]))

    def address(h):
        return h.values[0].__array_interface__["data"][0]
    assert address(y) == address(x) == address(z)
    assert not x.values[0].flags.writeable
    np.testing.assert_array_equal(mp.fetch(y), np.arange(8))
    assert mp.fetch(y).dtype == np.uint8


def test_ctrl_c_stops_a_run(tmp_path):
    script = tmp_path / "spin.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import mplang_mlir as mp
        from mplang_mlir import simp

        def spin():
            x = simp.constant((0,), np.int64(0))
            return simp.while_loop(
                lambda v: simp.pcall_static((0,), lambda a: a >= 0, v),
                lambda v: simp.pcall_static((0,), lambda a: a + 1, v), x)

        with mp.make_simulator(1, timeout=0, jit="off"):
            print("running", flush=True)
            mp.evaluate(spin)
    """))
    proc = subprocess.Popen([sys.executable, str(script)], env=os.environ,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    assert proc.stdout.readline() == "running\n"
    time.sleep(0.5)  # into the loop (not a timing assertion)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode != 0
    assert err.rstrip().endswith("KeyboardInterrupt"), err


GF128_SQUARE = """
module attributes {simp.world_size = 1 : i64} {
  func.func @main(%x: !simp.mp<tensor<2x!field.gf128>, [0]>)
      -> !simp.mp<tensor<2x!field.gf128>, [0]> {
    %y = simp.pcall [0] (%x) : (!simp.mp<tensor<2x!field.gf128>, [0]>)
        -> !simp.mp<tensor<2x!field.gf128>, [0]> {
    ^bb0(%a: tensor<2x!field.gf128>):
      %s = field.mul %a, %a : tensor<2x!field.gf128>
      simp.yield %s : tensor<2x!field.gf128>
    }
    return %y : !simp.mp<tensor<2x!field.gf128>, [0]>
  }
}
"""


def test_gf128_values_are_their_words():
    # As in .npy files: a gf128 tensor is a uint64 array of its [lo, hi]
    # words, both ways. x * x = x^2; x^64 * x^64 = x^128 = 0x87.
    from mplang_mlir import _native
    words = np.array([[2, 0], [0, 1]], np.uint64)
    with mp.make_simulator(1) as sim:
        [[out]] = sim.execute(_native.Program(GF128_SQUARE), [[words]])
    assert out.dtype == np.uint64
    np.testing.assert_array_equal(out, [[4, 0], [0x87, 0]])
