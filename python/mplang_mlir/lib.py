"""The protocol library (lib/Protocols, docs/protocols.md) as Python calls
with plain sizes: each call picks the library's instance that fits its
inputs and pads and masks them itself. The C++ linker brings in the
instance, specialized to the parties of the call."""

import numpy as np

from . import simp
from ._trace import (
    MPObject,
    check_visible,
    location_text,
    require_global_scope,
    user_location,
)
from ._errors import TraceError
from ._types import MPType, TensorType

__all__ = ["call", "psi", "PSI_SIZES"]

# The set sizes lib/Protocols instantiates RR22 PSI for.
PSI_SIZES = (128, 1024, 16384, 65536, 1048576)


def _fail(message):
    raise TraceError(f"{location_text(user_location())}: {message}")


def call(name, result_types, *args):
    """`func.call @name(args)`: a function the module declares and the
    linker takes from the library; returns one value per result type."""
    scope = require_global_scope(f"mp.lib.call(@{name})")
    loc = user_location()
    for a in args:
        if not isinstance(a, MPObject):
            _fail(f"@{name} takes multi-party values")
        check_visible(a, scope)
    arg_types = ", ".join(a.type.mlir for a in args)
    res_types = ", ".join(t.mlir for t in result_types)
    decl = f"func.func private @{name}({arg_types}) -> ({res_types})"
    if scope.trace.declarations.setdefault(name, decl) != decl:
        _fail(f"@{name} is called with two signatures")
    names = scope.emit_results(
        len(result_types), f"func.call @{name}("
        f"{', '.join(a.name for a in args)}) : ({arg_types}) -> "
        f"({res_types})", loc)
    return [MPObject(n, t, scope) for n, t in zip(names, result_types)]


def _party_and_size(x, what):
    if not isinstance(x, MPObject) or x.parties is None or len(
            x.parties) != 1:
        _fail(f"{what} is a value held by one party")
    local = x.type.local
    if not isinstance(local, TensorType) or len(local.shape) != 1 or \
            local.dtype.kind not in "iu":
        _fail(f"{what} is a 1-D integer array")
    return x.parties[0], local.shape[0]


def _padded(size, capacity):
    """A party's function padding its items to `capacity` and marking the
    entries in use."""
    def pad(items):
        items = items.astype(np.int64)
        padding = np.zeros(capacity - size, np.int64)
        used = np.arange(capacity) < size
        return np.concatenate([items, padding]) if padding.size else \
            items, used
    return pad


def psi(x, y):
    """Private set intersection (RR22 over silent VOLE): `x` holds the
    sender's items, `y` the receiver's (int64 arrays of any sizes up to
    the largest of PSI_SIZES, on two parties). Returns, on the receiver,
    the mask of its items the sender also has and their count; the sender
    learns nothing."""
    sender, nx = _party_and_size(x, "the sender's set")
    receiver, ny = _party_and_size(y, "the receiver's set")
    if sender == receiver:
        _fail("psi runs between two parties")
    fits = [c for c in PSI_SIZES if c >= max(nx, ny)]
    if not fits:
        _fail(f"psi: sets of up to {PSI_SIZES[-1]} items")
    cap = fits[0]
    xs, xm = simp.pcall_static((sender,), _padded(nx, cap), x)
    ys, ym = simp.pcall_static((receiver,), _padded(ny, cap), y)
    found_type = MPType.of(TensorType(np.bool_, (cap,)), (receiver,))
    (found,) = call(f"mplang.psi.rr22.n{cap}", [found_type], xs, xm, ys, ym)

    def mine(f):
        mask = f[:ny]
        return mask, np.sum(mask)
    return simp.pcall_static((receiver,), mine, found)
