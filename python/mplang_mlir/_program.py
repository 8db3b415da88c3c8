"""Whole programs: tracing a Python function into one global simp module,
and the compiled program the native extension verifies and projects."""

import numpy as np

from ._errors import CompileError, TraceError
from ._trace import (
    MPObject,
    Scope,
    Trace,
    file_location,
    flatten,
    location_text,
    unflatten,
    user_location,
)
from ._types import RUNTIME_DTYPE, MPType, OpaqueType, TensorType


class Handle:
    """A value that stays on its parties after a run (upstream's DriverVar):
    `values[r]` is rank r's piece: a numpy array (or a runtime object) held
    in this process, a `Kept` piece that rank r's worker keeps in its
    `mem://` store (`context` is the driver of those workers), or None
    where r holds nothing. A later run on the same driver passes a kept
    piece by reference; `mp.fetch` fetches it."""

    __slots__ = ("type", "values", "device", "context", "_fetched")

    def __init__(self, type_, values, device=None, context=None):
        self.type = type_
        self.values = values
        self.device = device
        self.context = context
        self._fetched = None

    @property
    def parties(self):
        return self.type.parties

    def local_values(self):
        """Each rank's value, fetched from its worker when kept there."""
        if self._fetched is None:
            self._fetched = [
                _from_runtime(self.context.fetch(v), self.type)
                if _is_kept(v) else v for v in self.values]
        return self._fetched

    def __repr__(self):
        return f"Handle({self.type.mlir})"


def _is_kept(value):
    from . import _native
    return isinstance(value, _native.Kept)


def _input_type(leaf):
    if isinstance(leaf, Handle):
        return leaf.type
    if isinstance(leaf, MPType):
        return leaf
    return None


def trace(fn, args, kwargs, world_size, name="main"):
    """Traces `fn(*args, **kwargs)` into a Program. Handles and MPTypes
    among the arguments become entry arguments; other leaves stay Python
    values."""
    tr = Trace(world_size)
    scope = Scope(tr, "global", depth=2)
    leaves, tree = flatten((args, kwargs))
    params, inputs = [], []
    for leaf in leaves:
        t = _input_type(leaf)
        if t is None:
            params.append(leaf)
            continue
        if t.parties is not None and any(p >= world_size for p in t.parties):
            raise TraceError(f"an argument is held by {list(t.parties)}, "
                             f"outside the world of {world_size} parties")
        p = MPObject(f"%arg{len(inputs)}", t, scope)
        p.device = getattr(leaf, "device", None)
        scope.block_args.append((p.name, t))
        inputs.append(t)
        params.append(p)
    a, kw = unflatten(tree, params)
    with scope:
        out = fn(*a, **kw)
    out_leaves, out_tree = flatten(out)
    results = []
    for v in out_leaves:
        if isinstance(v, MPObject):
            if id(v.scope) not in scope.visible:
                raise TraceError(f"{location_text(user_location())}: the "
                                 "function returns a value of another trace")
            results.append(v)
        elif hasattr(v, "scope"):
            raise TraceError("a party's local value cannot be returned from "
                             "the global function: return the result of "
                             "simp.pcall_static")
    arg_text = ", ".join(f"{n}: {t.mlir}" for n, t in scope.block_args)
    res_types = ", ".join(v.type.mlir for v in results)
    ret = (f"return {', '.join(v.name for v in results)} : {res_types}"
           if results else "return")
    body = "\n".join(scope.lines)
    code = getattr(fn, "__code__", None)
    fn_loc = (file_location(code.co_filename, code.co_firstlineno, 1)
              if code else "loc(unknown)")
    decls = "".join(f"  {d}\n" for d in tr.declarations.values())
    text = (f"module attributes {{simp.world_size = {world_size} : i64}} {{\n"
            f"{decls}  func.func @{name}({arg_text}) -> ({res_types}) {{\n"
            f"{body}{chr(10) if body else ''}    {ret}\n  }} {fn_loc}\n}}\n")
    out_types = [v.type for v in results]
    if tr.galois_steps:
        text, out_types = _resolve_galois_steps(tr, text, out_types)
    return Program(text, world_size, inputs, out_types,
                   [v.device for v in results], out_leaves, out_tree)


def _resolve_galois_steps(tr, text, types):
    """The module and result types with the steps of Galois keys made
    without them (mplang_mlir.bfv.make_galois_keys)."""
    from .bfv import resolve_galois_steps
    resolved = []
    for t in types:
        if "$galois" in t.mlir:
            t = MPType.of(OpaqueType(resolve_galois_steps(tr, t.local.mlir)),
                          t.parties)
        resolved.append(t)
    return resolve_galois_steps(tr, text), resolved


class Program:
    """A traced program: `mlir` is its global module; the native extension
    verifies and projects it on first use."""

    def __init__(self, mlir, world_size, input_types, output_types,
                 output_devices, out_leaves, out_tree):
        self.mlir = mlir
        self.world_size = world_size
        self.input_types = input_types
        self.output_types = output_types
        self.output_devices = output_devices
        self._out_leaves = out_leaves
        self._out_tree = out_tree
        self._compiled = None

    def compiler_ir(self):
        """Upstream's name for the program's text."""
        return self.mlir

    def _native(self):
        if self._compiled is None:
            from . import _native
            try:
                self._compiled = _native.Program(self.mlir)
            except _native.Error as e:
                raise CompileError(*e.args[:2]) from None
        return self._compiled

    def ranks(self):
        """Each rank's projected program (MLIR text)."""
        return self._native().ranks()

    def digests(self):
        """Each rank's approval line for a run with every argument by value
        (`@main(value) world_size=2 job-sha256:...`), as mplang-opt
        --simp-program-digests prints it."""
        return self._native().digests()

    def run(self, context, inputs):
        """Runs on `context` with one Handle per entry argument; returns
        the function's result structure with Handles for traced values."""
        if len(inputs) != len(self.input_types):
            raise TypeError(f"the program takes {len(self.input_types)} "
                            f"arguments, not {len(inputs)}")
        for i, (h, t) in enumerate(zip(inputs, self.input_types)):
            if not isinstance(h, Handle) or h.type != t:
                got = h.type.mlir if isinstance(h, Handle) else type(h)
                raise TypeError(f"argument {i} must be a {t.mlir}, not {got}")
            if h.context is not None and h.context is not context:
                raise TypeError(f"argument {i} stays on the workers of "
                                "another driver: mp.fetch it and put it")
        per_rank = [[_to_runtime(h.values[r], h.type) for h in inputs]
                    for r in range(self.world_size)]
        outs = context.execute(self._native(), per_rank)
        keeps = context if getattr(context, "keeps_results", False) else None
        handles = []
        for i, t in enumerate(self.output_types):
            handles.append(Handle(t, [_from_runtime(outs[r][i], t)
                                      for r in range(self.world_size)],
                                  self.output_devices[i], keeps))
        it = iter(handles)
        leaves = [next(it) if isinstance(v, MPObject) else v
                  for v in self._out_leaves]
        return unflatten(self._out_tree, leaves)


def _tensor_type(t):
    """The local tensor type of `t` (of nested multi-party types too), or
    None for a runtime object."""
    while isinstance(t, MPType):
        t = t.local
    return t if isinstance(t, TensorType) else None


def _to_runtime(value, t):
    local = _tensor_type(t)
    if value is None or local is None or _is_kept(value):
        # Absent, a runtime object handed back as it came, or a reference.
        return value
    array = np.asarray(value, dtype=local.dtype, order="C")
    if array.shape != local.shape:
        raise TypeError(f"a value of shape {array.shape} for "
                        f"{local.mlir}")
    return array.view(RUNTIME_DTYPE[local.element])


def _from_runtime(value, t):
    local = _tensor_type(t)
    if value is None or local is None or _is_kept(value):
        return value
    return value.view(local.dtype)
