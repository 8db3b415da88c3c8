"""Runs on mplang-worker processes (mp.make_local): results stay on the
workers as handles, later calls take them by reference, mp.fetch fetches
them, and errors name the failing rank and the Python line, as in the
simulator."""

import inspect
import json
import subprocess
import sys

import numpy as np
import pytest

import mplang_mlir as mp
from mplang_mlir import simp, store

from conftest import SOURCE, TOOLS, load_example


def line_of(marker):
    lines = inspect.getsource(inspect.getmodule(line_of)).splitlines()
    return next(i + 1 for i, s in enumerate(lines) if marker in s)


@pytest.fixture(scope="module")
def local():
    with mp.make_local(2, worker=TOOLS / "mplang-worker") as driver:
        yield driver


scale_on_p1 = load_example("local_handles").scale_on_p1


@mp.function
def add_back_on_p0(y, x):
    y0 = simp.shuffle_static(y, {0: 1})
    return simp.pcall_static((0,), lambda a, b: a + b, y0, x)


def test_a_kept_value_is_used_by_a_later_call(local, monkeypatch):
    # Also python/examples/local_handles.py, on workers it starts.
    monkeypatch.setenv("MPLANG_WORKER", str(TOOLS / "mplang-worker"))
    assert load_example("local_handles").main() == (True, [None, 90])
    x = mp.put("P0", np.array([1, 2, 3], np.uint16))
    y = scale_on_p1(x)
    # Call 1's result stays on P1: the handle holds only its name there.
    assert y.values[0] is None
    assert y.values[1].rank == 1
    assert y.values[1].uri.startswith("mem://run-")
    z = add_back_on_p0(y, x)
    assert z.values[0].uri.startswith("mem://run-")
    assert z.values[0].uri != y.values[1].uri
    got_y, got_z = mp.fetch(y), mp.fetch(z)
    assert got_y[0] is None and got_z[1] is None
    np.testing.assert_array_equal(got_y[1], [10, 20, 30])
    np.testing.assert_array_equal(got_z[0], [11, 22, 33])
    assert got_y[1].dtype == got_z[0].dtype == np.uint16
    # The simulator gives the same.
    with mp.make_simulator(2):
        x = mp.put("P0", np.array([1, 2, 3], np.uint16))
        sim_z = mp.fetch(add_back_on_p0(scale_on_p1(x), x))
    np.testing.assert_array_equal(sim_z[0], got_z[0])


def test_fetch_of_a_kept_value(local):
    h = simp.constant((0, 1), np.array([[1.5, -2.0]], np.float32))
    assert [v.rank for v in h.values] == [0, 1]
    got = mp.fetch(h)
    for v in got:
        assert v.dtype == np.float32 and v.shape == (1, 2)
        np.testing.assert_array_equal(v, [[1.5, -2.0]])
    # A scalar comes back as a numpy scalar, as in the simulator.
    assert mp.fetch(simp.constant((1,), np.int64(-7))) == [None, -7]


def test_memory_objects_persist_across_calls(local):
    def save(x):
        return simp.pcall_static(
            (1,), lambda v: store.save(v + 1, "mem://driver-test"), x)

    def load():
        return simp.pcall_static(
            (1,), lambda: store.load("mem://driver-test", np.int64, (2,)))
    mp.evaluate(save, simp.constant((1,), np.array([4, 5], np.int64)))
    assert mp.fetch(mp.evaluate(load))[1].tolist() == [5, 6]


def test_nested_pcall_on_workers(local):
    def outer(v):
        return simp.pcall_static((1,), lambda w: w * w, v)
    h = simp.pcall_static((0, 1), outer,
                          simp.constant((0, 1), np.int32(9)))
    assert h.type.mlir == "!simp.mp<!simp.mp<i32, [1]>, [0, 1]>"
    assert mp.fetch(h) == [None, 81]


def test_errors_name_the_rank_and_the_python_line(local):
    def prog(x):
        return simp.pcall_static((1,), lambda v: v // (v - v), x)  # @div
    with pytest.raises(mp.RunError) as info:
        mp.evaluate(prog, simp.constant((0, 1), np.int64(3)))
    assert info.value.rank == 1
    assert info.value.location == f"{__file__}:{line_of('@div')}:50"
    assert info.value.message == "division by zero"


def test_handles_belong_to_their_driver(local):
    y = scale_on_p1(mp.put("P0", np.array([1, 2, 3], np.uint16)))
    with mp.make_simulator(2):
        with pytest.raises(TypeError, match="stays on the workers of "
                           "another driver"):
            add_back_on_p0(y, mp.put("P0", np.array([1, 2, 3], np.uint16)))


def test_a_closed_driver_runs_nothing():
    driver = mp.make_local(1, worker=TOOLS / "mplang-worker")
    with driver:
        h = simp.constant((0,), np.int64(5))
        assert mp.fetch(h) == 5
        kept = simp.constant((0,), np.int64(6))
    # The workers stopped with the `with` block, and their objects too.
    with pytest.raises(RuntimeError, match="the driver is closed"):
        mp.fetch(kept)
    with driver, pytest.raises(RuntimeError, match="the driver is closed"):
        simp.constant((0,), np.int64(1))


def test_an_inner_with_block_leaves_the_driver_open():
    # A function given a driver its caller holds open (`with context:`)
    # does not close it; the outermost block does.
    with mp.make_local(1, worker=TOOLS / "mplang-worker") as driver:
        with driver:
            first = simp.constant((0,), np.int64(7))
            second = simp.constant((0,), np.int64(8))
        assert mp.fetch(first) == 7
    with pytest.raises(RuntimeError, match="the driver is closed"):
        mp.fetch(second)


@pytest.fixture
def cluster_file(tmp_path):
    """Two workers of a cluster file, as operators start them."""
    sys.path.insert(0, str(SOURCE / "test" / "Runtime" / "Utils"))
    from free_ports import cluster_config, free_ports
    path = tmp_path / "cluster.json"
    path.write_text(json.dumps(cluster_config(free_ports(2))[0]))
    workers = [subprocess.Popen([TOOLS / "mplang-worker", "--cluster", path,
                                 "--rank", str(r), "--quiet"])
               for r in range(2)]
    yield path
    for w in workers:
        w.terminate()
        w.wait()


def test_make_driver_keeps_results_on_the_cluster(cluster_file):
    with mp.make_driver(cluster_file, 2):
        y = scale_on_p1(mp.put("P0", np.array([4, 5], np.uint16)))
        assert y.values[1].uri.startswith("mem://run-")
        z = add_back_on_p0(y, mp.put("P0", np.array([1, 1], np.uint16)))
        assert mp.fetch(z)[0].tolist() == [41, 51]


def test_make_driver_checks_the_cluster_file(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps({
        "nodes": [{"name": "a", "endpoint": "127.0.0.1:1",
                   "token": "t" * 16}],
        "driver": {"token": "d" * 16}}))
    with pytest.raises(RuntimeError, match="has 1 nodes, but "
                       "simp.world_size = 2"):
        mp.make_driver(path, 2)
