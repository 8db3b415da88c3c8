"""The tracer: scopes that collect MLIR text, traced values, locations.

Tracing builds the module's text directly: each op is one line ending in
the `loc(...)` of the user's Python line that made it, so the C++
verifier's and the runtime's errors name the user's code. A scope is one
block being filled: the function body (global values, `!simp.mp`), a
branch or loop region (global too, sees the values of enclosing global
scopes), or a party's function (local values, isolated: outer global
values enter as operands of its `simp.pcall`).
"""

import contextvars
import itertools
import os
import sys

from ._errors import TraceError

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
_locations = {}


def user_location():
    """`loc("file":line:col)` of the innermost frame outside this package."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.startswith(
            _PACKAGE_DIR):
        frame = frame.f_back
    if frame is None:
        return "loc(unknown)"
    code = frame.f_code
    key = (id(code), frame.f_lasti)
    hit = _locations.get(key)
    if hit is not None and hit[0] is code:
        return hit[1]
    line, col = frame.f_lineno, 1
    # Columns need Python 3.11's co_positions (Debian 12's Python).
    positions = getattr(code, "co_positions", None)
    pos = positions and next(itertools.islice(positions(), frame.f_lasti //
                                              2, None), None)
    if pos and pos[0] is not None:
        line = pos[0]
        col = (pos[2] or 0) + 1
    loc = file_location(code.co_filename, line, col)
    _locations[key] = (code, loc)
    return loc


def file_location(filename, line, col):
    name = filename.replace("\\", "\\\\").replace('"', '\\"')
    return f'loc("{name}":{line}:{col})'


def location_text(loc):
    """`file:line:col` of a `loc("file":line:col)`, for messages."""
    if loc.startswith('loc("'):
        name, _, rest = loc[5:-1].rpartition('":')
        return f"{name}:{rest}"
    return loc


# The scope being traced, per thread (and per asyncio task).
_scope = contextvars.ContextVar("mplang_mlir_scope", default=None)
current_scope = _scope.get


class Trace:
    """One module being traced: SSA names are unique across it."""

    def __init__(self, world_size):
        self.world_size = world_size
        self._next = 0
        # Library functions the module declares: name -> declaration.
        self.declarations = {}
        # Per Galois key made without steps: the steps rotations used
        # (mplang_mlir.bfv fills them in when the trace ends).
        self.galois_steps = []

    def fresh(self):
        self._next += 1
        return f"%{self._next}"


class Scope:
    """A block being filled with op lines."""

    def __init__(self, trace, kind, parent=None, isolated=False, depth=2):
        self.trace = trace
        self.kind = kind  # "global" or "local"
        self.parent = parent
        self.lines = []
        self.indent = "  " * depth
        self.depth = depth
        self.visible = frozenset([id(self)]) | (
            parent.visible if parent is not None and not isolated
            else frozenset())
        # A party's function: its parties, operands and their block args.
        self.parties = None
        self.operands = []
        self.block_args = []
        self.captured = {}
        # The scope that captures outer global values: the party's function
        # a loop or branch region sits in.
        self.owner = self if isolated or parent is None else parent.owner
        # Values a front end creates once per block (bfv's encoders).
        self.memo = {}

    def __enter__(self):
        self._token = _scope.set(self)
        return self

    def __exit__(self, *exc):
        _scope.reset(self._token)
        return False

    def emit(self, text, loc):
        self.lines.append(f"{self.indent}{text} {loc}")

    def emit_results(self, count, text, loc):
        """Emits `%n = text` (or `%n:count = ...`); returns the names."""
        name = self.trace.fresh()
        if count == 0:
            self.lines.append(f"{self.indent}{text} {loc}")
            return []
        if count == 1:
            self.lines.append(f"{self.indent}{name} = {text} {loc}")
            return [name]
        self.lines.append(f"{self.indent}{name}:{count} = {text} {loc}")
        return [f"{name}#{i}" for i in range(count)]

    def block_text(self, yield_text, label=True):
        """The region `{ ^bb0(args): lines; yield }` (indented one less);
        without the label for ops whose syntax declares the arguments."""
        outer = "  " * (self.depth - 1)
        args = ", ".join(f"{n}: {t.mlir}" for n, t in self.block_args)
        head = f"{outer}^bb0({args}):\n" if label else ""
        body = "\n".join(self.lines)
        sep = "\n" if body else ""
        return (f"{{\n{head}{body}{sep}"
                f"{self.indent}{yield_text}\n{outer}}}")


class MPObject:
    """A traced global value: a local type held by a party set."""

    __slots__ = ("name", "type", "scope", "device")

    def __init__(self, name, type_, scope):
        self.name = name
        self.type = type_
        self.scope = scope
        # The rank of the device API's value (mp.put, mp.device), if any.
        self.device = None

    @property
    def parties(self):
        return self.type.parties

    def __repr__(self):
        return f"MPObject({self.name}: {self.type.mlir})"

    def __bool__(self):
        raise TraceError(
            "a multi-party value has no Python truth value: branch with "
            "simp.uniform_cond or simp.while_loop")

    def _global_only(self, *_):
        scope = current_scope()
        if scope is not None and scope.kind == "local":
            raise TraceError(
                f"{location_text(user_location())}: {self.name} is held by "
                f"parties {list(self.parties)}: compute on it in a nested "
                "simp.pcall_static")
        raise TraceError(
            f"{location_text(user_location())}: arithmetic on a "
            "multi-party value outside a party's function: wrap it in "
            "simp.pcall_static or mp.device(...)")

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = \
        __truediv__ = __floordiv__ = __mod__ = __lt__ = __le__ = __gt__ = \
        __ge__ = __and__ = __or__ = __xor__ = __neg__ = _global_only


def require_global_scope(what):
    scope = current_scope()
    if scope is None:
        raise TraceError(f"{what} outside a traced function")
    if scope.kind != "global":
        raise TraceError(
            f"{location_text(user_location())}: {what} inside a party's "
            "function is not supported yet (call it at the global level)")
    return scope


def check_visible(value, scope):
    if id(value.scope) not in scope.visible:
        raise TraceError(
            f"{location_text(user_location())}: {value.name} belongs to "
            "another trace or an inner region that has ended")


# A tiny pytree: lists, tuples and dicts of leaves.
def flatten(tree):
    leaves = []

    def walk(node):
        if isinstance(node, (list, tuple)):
            return (type(node), [walk(c) for c in node])
        if isinstance(node, dict):
            return (dict, [(k, walk(v)) for k, v in node.items()])
        if node is None:
            return (None, None)
        leaves.append(node)
        return ("leaf", None)

    return leaves, walk(tree)


def unflatten(spec, leaves):
    it = iter(leaves)

    def build(node):
        kind, children = node
        if kind == "leaf":
            return next(it)
        if kind is None:
            return None
        if kind is dict:
            return {k: build(c) for k, c in children}
        items = [build(c) for c in children]
        return items if kind is list else kind(items)

    return build(spec)
