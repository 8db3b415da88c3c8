"""The Python examples give the MLIR examples' results, and trace to the
same per-rank programs (equal approval digests)."""

import re

import numpy as np

import mplang_mlir as mp

from conftest import SOURCE, TOOLS, load, tool


def mlir_digests(name):
    return tool("mplang-opt", "--simp-project", "--simp-program-digests",
                "-o", "/dev/null", SOURCE / "examples" / f"{name}.mlir")


def digests(program):
    return "".join(f"rank {r}: {d}\n"
                   for r, d in enumerate(program.digests()))


def test_sum():
    example = load("sum")
    assert example.main([1, 2, 3]) == [6, 6, 6]
    assert example.main([-5, 40, 7]) == [42, 42, 42]
    out = tool("mplang-run", SOURCE / "examples" / "sum.mlir", "--sim", "3",
               "--arg", "0:0=-5 : i64", "--arg", "1:1=40 : i64",
               "--arg", "2:2=7 : i64")
    assert out == "rank 0: 42 : i64\nrank 1: 42 : i64\nrank 2: 42 : i64\n"
    i64 = [mp.mp_type(np.int64, (), (p,)) for p in range(3)]
    program = mp.compile(example.three_party_sum, *i64, world_size=3)
    assert digests(program) == mlir_digests("sum")


def test_millionaire():
    example = load("millionaire")
    assert example.main() is np.True_
    out = tool("mplang-run", SOURCE / "examples" / "millionaire.mlir",
               "--sim", "2")
    assert out == "rank 0: <absent>\nrank 1: True\n"
    program = mp.compile(example.millionaire, world_size=2)
    assert digests(program) == mlir_digests("millionaire")
    assert re.search(r'loc\(".*millionaire.py":\d+:\d+\)', program.mlir)


def test_examples_on_local_workers():
    worker = TOOLS / "mplang-worker"
    with mp.make_local(3, worker=worker):
        inputs = [mp.put(f"P{i}", np.int64(v))
                  for i, v in enumerate([4, 5, 6])]
        assert mp.fetch(load("sum").three_party_sum(*inputs)) == [15, 15, 15]
    with mp.make_local(2, worker=worker):
        assert mp.fetch(load("millionaire").millionaire()) is np.True_
        x = mp.put("P0", np.array([1, 2, 3, 4], np.int64))
        y = mp.put("P1", np.array([10, 20, 30, 40], np.int64))
        total = mp.fetch(load("bfv_encrypted_add").encrypted_add(x, y))
        np.testing.assert_array_equal(total[0], [11, 22, 33, 44])


def test_uniform_cond():
    example = load("uniform_cond")
    assert example.main() == [None, 42]
    out = tool("mplang-run", SOURCE / "examples" / "uniform_cond.mlir",
               "--sim", "2")
    assert out == "rank 0: <absent>\nrank 1: 42 : i64\n"
    program = mp.compile(example.share_if_large, world_size=2)
    assert digests(program) == mlir_digests("uniform_cond")


def test_while_shuffle():
    example = load("while_shuffle")
    assert example.main() == [128, None]
    out = tool("mplang-run", SOURCE / "examples" / "while_shuffle.mlir",
               "--sim", "2")
    assert out == "rank 0: 128 : i64\nrank 1: <absent>\n"
    program = mp.compile(example.double_until_100, world_size=2)
    assert digests(program) == mlir_digests("while_shuffle")


def test_bfv_encrypted_add():
    example = load("bfv_encrypted_add")
    total = example.main()
    assert total[1] is None
    np.testing.assert_array_equal(total[0], [11, 22, 33, 44])
    i64x4 = [mp.mp_type(np.int64, (4,), (p,)) for p in range(2)]
    program = mp.compile(example.encrypted_add, *i64x4, world_size=2)
    assert digests(program) == mlir_digests("bfv_encrypted_add")


def test_psi(tmp_path):
    data = SOURCE / "examples" / "data"
    mask, count = load("psi").main(data / "psi_sender.npy",
                                   data / "psi_receiver.npy")
    tool("mplang-run", SOURCE / "examples" / "psi.mlir", "--sim", "2",
         "--input", f"0:0={data / 'psi_sender.npy'}",
         "--input", f"1:1={data / 'psi_receiver.npy'}",
         "--output-dir", tmp_path)
    want = np.load(tmp_path / "rank1_result0.npy")
    np.testing.assert_array_equal(mask, want)
    assert count == np.load(tmp_path / "rank1_result1.npy") == 350
    receiver = np.load(data / "psi_receiver.npy")
    sender = set(np.load(data / "psi_sender.npy").tolist())
    np.testing.assert_array_equal(mask, [v in sender for v in receiver])


def test_groupby():
    example = load("groupby")
    want = [example.SALARIES[example.DEPARTMENTS == k].sum()
            for k in range(3)]
    np.testing.assert_array_equal(example.main(), want)
