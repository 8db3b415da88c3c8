"""Shared helpers: where the tools of this build and the sources are, and
the Python examples as modules."""

import importlib.util
import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get(
    "MPLANG_SOURCE", pathlib.Path(__file__).resolve().parents[2]))
TOOLS = pathlib.Path(os.environ.get("MPLANG_TOOLS", SOURCE / "build" / "bin"))


def tool(name, *args, input=None):
    """Runs a tool of this build; returns its stdout (it must succeed)."""
    done = subprocess.run([str(TOOLS / name), *map(str, args)], input=input,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def load_example(name):
    """The module of python/examples/NAME.py."""
    path = SOURCE / "python" / "examples" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"example_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tmp_mlir(tmp_path):
    def write(text, name="program.mlir"):
        path = tmp_path / name
        path.write_text(text)
        return path
    return write

