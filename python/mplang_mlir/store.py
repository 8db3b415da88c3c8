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

__all__ = ["load", "save", "csv_rows", "csv_keys", "csv_select"]


def _quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _uri(uri):
    if not isinstance(uri, str) or "://" not in uri:
        _fail(f"a store URI is 'mem://...' or 'fs://...', not {uri!r}")
    return _quoted(uri)


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


def csv_rows(uri):
    """The number of records of the CSV file `uri` after its header."""
    (n,) = emit_op(f"store.csv_rows {_uri(uri)}", [TensorType(np.int64)])
    return n


def csv_keys(uri, columns, key, capacity):
    """(keys, used, digest) of the CSV file `uri` (docs/store.md): the
    HMAC-SHA256 under `key` of each record's `columns`, cut to (capacity, 2)
    int64 words, the mask of rows holding a record and the file's SHA-256."""
    k = as_value(key, _scope())
    names = ", ".join(_quoted(str(c)) for c in columns)
    types = [TensorType(np.int64, (capacity, 2)),
             TensorType(np.bool_, (capacity,)), TensorType(np.int64, (4,))]
    return tuple(emit_op(
        f"store.csv_keys {_uri(uri)} columns [{names}] key {k.name} "
        f": {k.type.mlir} -> {', '.join(t.mlir for t in types)}", types))


def csv_select(mask, digest, uri, to):
    """Writes to `to` the header of `uri` and its records where `mask`."""
    m, d = as_value(mask, _scope()), as_value(digest, _scope())
    emit_op(f"store.csv_select {m.name}, {d.name} from {_uri(uri)} to "
            f"{_uri(to)} : {m.type.mlir}, {d.type.mlir}", [])
