"""mplang programs in Python, traced to simp MLIR and run in process.

    import mplang_mlir as mp
    from mplang_mlir import simp

    @mp.function
    def millionaire():
        x = simp.constant((0,), 100)
        y = simp.constant((1,), 200)
        return simp.pcall_static((1,), lambda a, b: a < b,
                                 simp.shuffle_static(x, {1: 0}), y)

    with mp.make_simulator(2):
        print(mp.fetch(millionaire()))   # [None, True]

See docs/python.md.
"""

import functools
import hashlib

import numpy as np

from . import bfv, crypto, field, lib, simp, ss, store
from ._control import cond, fori_loop
from ._errors import CompileError, RunError, TraceError
from ._local import dynamic_slice, dynamic_update_slice
from ._program import Handle, Program, trace
from ._runtime import (
    Driver,
    Simulator,
    current_context,
    make_driver,
    make_local,
    make_simulator,
)
from ._trace import MPObject, current_scope, flatten, unflatten
from ._types import MPType, TensorType, mp_type

__all__ = ["simp", "ss", "bfv", "field", "crypto", "store", "lib", "fori_loop",
           "cond", "dynamic_slice", "dynamic_update_slice", "function",
           "compile", "evaluate", "fetch", "put", "device", "make_simulator",
           "make_local", "make_driver", "Simulator", "Driver", "Program",
           "Handle", "MPType", "TensorType", "mp_type", "TraceError",
           "CompileError", "RunError"]


def _context(context):
    return context if context is not None else current_context()


def _inputs(args, kwargs):
    return [leaf for leaf in flatten((args, kwargs))[0]
            if isinstance(leaf, Handle)]


class Function:
    """A function traced as one program per argument signature (upstream's
    @mp.function). Called while tracing, it is inlined."""

    def __init__(self, fn):
        self.fn = fn
        self._programs = {}
        functools.update_wrapper(self, fn)

    def _key(self, world_size, args, kwargs):
        leaves, tree = flatten((args, kwargs))
        parts = [world_size, repr(tree)]
        for leaf in leaves:
            parts.append(leaf.type if isinstance(leaf, Handle) else
                         _static_key(leaf))
        return tuple(parts)

    def program(self, world_size, args, kwargs):
        key = self._key(world_size, args, kwargs)
        program = self._programs.get(key)
        if program is None:
            program = trace(self.fn, args, kwargs, world_size,
                            name="main")
            self._programs[key] = program
        return program

    def __call__(self, *args, **kwargs):
        if current_scope() is not None:
            return self.fn(*args, **kwargs)
        return evaluate(self, *args, **kwargs)


def _static_key(value):
    """What a Python (non-traced) argument contributes to a program's cache
    key: its contents for arrays, itself when hashable, else its identity
    (the program bakes it in)."""
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape,
                hashlib.sha256(np.ascontiguousarray(value).tobytes())
                .hexdigest())
    try:
        hash(value)
        return ("value", type(value), value)
    except TypeError:
        return ("object", id(value))


def function(fn=None):
    """Decorator: the function is traced whole into one global program."""
    if fn is None:
        return function
    return Function(fn)


def compile(fn, *args, world_size=None, context=None, **kwargs):
    """Traces `fn` on example arguments (Handles, or MPTypes such as
    `mp.mp_type(np.int64, (), (0,))`) into a Program without running it."""
    if world_size is None:
        world_size = _context(context).world_size
    if isinstance(fn, Function):
        return fn.program(world_size, args, kwargs)
    return trace(fn, args, kwargs, world_size)


def evaluate(fn, *args, context=None, **kwargs):
    """Runs `fn` (a function, a @mp.function or a Program) on the
    simulator; traced results come back as Handles on their parties."""
    ctx = _context(context)
    if isinstance(fn, Program):
        if kwargs:
            raise TypeError("evaluate(Program, ...) takes flat positional "
                            "arguments only")
        return fn.run(ctx, list(args))
    if not isinstance(fn, Function):
        fn = Function(fn)
    program = fn.program(ctx.world_size, args, kwargs)
    return program.run(ctx, _inputs(args, kwargs))


def _fetch_one(value):
    if not isinstance(value, Handle):
        return value
    values = [v[()] if isinstance(v, np.ndarray) and v.ndim == 0 else v
              for v in value.local_values()]
    if isinstance(value.device, ss.Placement):
        return value.device.reconstruct(values)
    if value.device is not None:
        return values[value.device]
    return values[0] if len(values) == 1 else values


def fetch(result, context=None):
    """The values the caller may see: for each Handle, a list with each
    rank's value (None where a rank holds nothing); a Handle made by the
    device API gives its device's value alone. Identity while tracing."""
    if current_scope() is not None:
        return result
    leaves, tree = flatten(result)
    return unflatten(tree, [_fetch_one(v) for v in leaves])


def _rank_of(dev):
    if isinstance(dev, int):
        return dev
    if isinstance(dev, str) and dev[:1] == "P" and dev[1:].isdigit():
        return int(dev[1:])
    raise TraceError(f"device {dev!r}: the devices are parties 'P<rank>' "
                     f"and secret-sharing devices {sorted(ss.devices())} "
                     "(no TEE)")


def _on_device(rank, result):
    for leaf in flatten(result)[0]:
        if isinstance(leaf, (Handle, MPObject)):
            leaf.device = rank
    return result


def put(dev, value):
    """`value` on device `dev` ('P0', 'P1', ...): a constant is placed
    there, a value on another party is sent there, a secret-shared value
    is revealed to that party alone. On a secret-sharing device ('SP0'), a
    party's value (or a constant, from the device's first party) is
    secret-shared."""
    device = ss.lookup(dev)
    if device is not None:
        return _ss_put(device, value)
    rank = _rank_of(dev)
    if current_scope() is None and not isinstance(value, Handle):
        # A host value needs no run: it is the handle's value on `rank`.
        return _on_device(rank, _put_eager(current_context(), rank, value))
    return _on_device(rank, _put(rank, value))


def _put_eager(ctx, rank, value):
    import numpy as np
    array = np.asarray(value)
    t = mp_type(array.dtype, array.shape, (rank,))
    values = [None] * ctx.world_size
    values[rank] = array
    return Handle(t, values)


@simp.eager
def _ss_put(device, value):
    if not isinstance(value, MPObject):
        value = simp.constant((device.parties[0],), value)
    return ss.as_secret(value, device)


@simp.eager
def _put(rank, value):
    if not isinstance(value, MPObject):
        return simp.constant((rank,), value)
    if isinstance(value.device, ss.Placement):
        return ss.reveal(ss.as_secret(value, value.device.device), rank)
    if value.parties == (rank,):
        return value
    if value.parties is None or len(value.parties) != 1:
        raise TraceError("mp.put moves a value held by one party")
    return simp.shuffle_static(value, {rank: value.parties[0]})


def device(dev):
    """`device('P0')(fn)(*args)`: moves the arguments to P0 and runs `fn`
    there (simp.pcall_static on that party). `device('SP0')(fn)(*args)`
    secret-shares the arguments among that device's parties and runs `fn`
    on the shares (mplang_mlir.ss)."""
    sdev = ss.lookup(dev)
    if sdev is not None:
        def wrap_ss(fn):
            @functools.wraps(fn)
            def call(*args, **kwargs):
                return _ss_call(sdev, fn, args, kwargs)
            return call
        return wrap_ss
    rank = _rank_of(dev)

    def wrap(fn):
        @functools.wraps(fn)
        def call(*args, **kwargs):
            return _on_device(rank, _device_call(rank, fn, args, kwargs))
        return call
    return wrap


@simp.eager
def _ss_call(device, fn, args, kwargs):
    return ss.call(device, fn, args, kwargs)


@simp.eager
def _device_call(rank, fn, args, kwargs):
    leaves, tree = flatten((args, kwargs))
    moved = [_put(rank, v) if isinstance(v, MPObject) else v
             for v in leaves]
    a, kw = unflatten(tree, moved)
    return simp.pcall_static((rank,), fn, *a, **kw)
