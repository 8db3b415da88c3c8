"""Running programs: the in-process simulator and the context stack."""

import os
import shutil

from ._errors import CompileError, RunError
from ._program import trace

_contexts = []


def current_context():
    if not _contexts:
        raise RuntimeError("no simulator: run under `with "
                           "mp.make_simulator(n):` or pass context=")
    return _contexts[-1]


class Simulator:
    """Every party in this process (upstream's make_simulator): runs
    programs through the native extension over the runtime library. `jit`
    is off, on or auto (default: $MPLANG_JIT, else auto), as for
    mplang-run. `data_root` gives rank R the files of DIR/rankR (`fs://`,
    docs/store.md), as mplang-run --data-root does."""

    def __init__(self, world_size, jit="", timeout=60, pool_threads=2,
                 data_root="", **workers):
        from . import _native
        self.world_size = int(world_size)
        self._sim = _native.Runner(self.world_size, jit, int(timeout),
                                   int(pool_threads),
                                   data_root=str(data_root), **workers)

    def __enter__(self):
        _contexts.append(self)
        return self

    def __exit__(self, *exc):
        _contexts.remove(self)
        return False

    def execute(self, native_program, per_rank):
        from . import _native
        try:
            return self._sim.run(native_program, per_rank)
        except _native.Error as e:
            message, diagnostics, rank, location = e.args
            if rank < 0:
                raise CompileError(message, diagnostics) from None
            raise RunError(rank, location, message) from None

    def run_eager(self, op, args, kwargs):
        """One simp call outside a trace: traced alone and run at once."""
        program = trace(op, args, kwargs, self.world_size)
        from ._program import Handle
        inputs = [leaf for leaf in _leaves((args, kwargs))
                  if isinstance(leaf, Handle)]
        return program.run(self, inputs)


def _leaves(tree):
    from ._trace import flatten
    return flatten(tree)[0]


def make_simulator(world_size, **options):
    """A simulator of `world_size` parties (see Simulator)."""
    return Simulator(world_size, **options)


class Driver(Simulator):
    """Runs on mplang-worker processes, one per party, as mplang-run
    --local / --cluster does. Results stay on the workers, in their
    `mem://` stores (as `mplang-run --keep`): handles name them, later runs
    take them by reference (`--input R:I=@URI`) and `mp.fetch` fetches
    them (as `mplang-fetch`). Local workers live until `close()` or the
    end of the outermost `with` block on the driver (so a function that
    runs `with driver:` on a driver its caller holds open leaves it open);
    the objects they keep, as long as they do (and at most the workers'
    `--store-ttl`)."""

    keeps_results = True
    _closed = False
    _depth = 0

    def _check_open(self):
        if self._closed:
            raise RuntimeError("the driver is closed")

    def execute(self, native_program, per_rank):
        self._check_open()
        return super().execute(native_program, per_rank)

    def fetch(self, kept):
        """The value that a worker keeps (a `Kept` piece of a Handle)."""
        from . import _native
        self._check_open()
        try:
            return self._sim.fetch(kept)
        except _native.Error as e:
            message, _, rank, location = e.args
            raise RunError(rank, location, message) from None

    def close(self):
        """Stops the workers this driver started; its handles' kept pieces
        go with them."""
        self._closed = True
        self._sim.close()

    def __enter__(self):
        self._depth += 1
        return super().__enter__()

    def __exit__(self, *exc):
        super().__exit__(*exc)
        self._depth -= 1
        if self._depth == 0:
            self.close()
        return False


def make_local(world_size, worker=None, **options):
    """Starts `world_size` mplang-worker processes on 127.0.0.1 that run
    every program of this driver until it is closed (`worker`: the
    executable, else $MPLANG_WORKER, else mplang-worker on PATH)."""
    worker = worker or os.environ.get("MPLANG_WORKER") or shutil.which(
        "mplang-worker")
    if not worker:
        raise RuntimeError("make_local needs mplang-worker: pass worker= or "
                           "put it on PATH")
    return _driver(world_size, local_workers=int(world_size),
                   worker_path=str(worker), **options)


def make_driver(cluster_file, world_size, **options):
    """Runs on the workers of a cluster file (docs/protocol.md)."""
    return _driver(world_size, cluster_file=str(cluster_file), **options)


def _driver(world_size, **options):
    from . import _native
    try:
        return Driver(world_size, **options)
    except _native.Error as e:
        raise RuntimeError(e.args[0]) from None
