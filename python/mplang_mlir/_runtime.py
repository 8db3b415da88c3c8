"""Running programs: the in-process simulator and the context stack."""

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
    programs through the native extension over the runtime library. Each
    rank's object store (`mem://`) lives as long as this object."""

    def __init__(self, world_size, jit="off", timeout=60, pool_threads=2):
        from . import _native
        self.world_size = int(world_size)
        self._sim = _native.Simulator(self.world_size, jit, int(timeout),
                                      int(pool_threads))

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
