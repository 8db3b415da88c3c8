"""Each party's object store (the store dialect, docs/store.md), inside a
party's function: `mem://` objects live as long as the simulator or the
worker process, `fs://` files sit under the party's data root.

    def remember(x):
        store.save(x, "mem://session/x")

    def recall():
        return store.load("mem://session/x", np.int64, (4,))
"""

import numpy as np

from ._local import _fail, _scope, as_value, emit_op
from ._types import OpaqueType, TensorType

__all__ = ["load", "save"]


def _uri(uri):
    if not isinstance(uri, str) or "://" not in uri:
        _fail(f"a store URI is 'mem://...' or 'fs://...', not {uri!r}")
    return '"' + uri.replace("\\", "\\\\").replace('"', '\\"') + '"'


def load(uri, dtype, shape=()):
    """The object at `uri`: an array of `dtype` and `shape`, or, with
    `dtype` a traced value's type (`x.type`), an object like it (a key)."""
    if isinstance(dtype, (TensorType, OpaqueType)):
        out = dtype
    else:
        out = TensorType(np.dtype(dtype), shape)
    (r,) = emit_op(f"store.load {_uri(uri)} : {out.mlir}", [out])
    return r


def save(value, uri):
    """Writes `value` at `uri` (replacing what was there)."""
    v = as_value(value, _scope())
    emit_op(f"store.save {v.name}, {_uri(uri)} : {v.type.mlir}", [])
