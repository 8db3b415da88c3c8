"""GF(2^128) arithmetic and the kernels built on it (the field dialect,
docs/field.md), inside a party's function.

A GF(2^128) tensor is a traced object with a shape but no numpy dtype:
`from_words` makes one from (..., 2) int64 words [lo, hi] (or (..., 16)
bytes) and `to_words` turns it back. `+` and `*` are the field's addition
(xor) and multiplication.

    def mac(key_words, msg_words):
        k, m = field.from_words(key_words), field.from_words(msg_words)
        return field.to_words(field.sum(k * m, axis=0))
"""

import numpy as np

from ._local import OBJECT_OPS, LocalObject, LocalValue, _fail, _scope, \
    as_value, emit_op
from ._types import ObjectTensor, TensorType

__all__ = ["from_words", "to_words", "add", "mul", "scale", "sum", "random",
           "aes_expand", "solve_okvs", "try_solve_okvs", "decode_okvs",
           "ldpc_encode", "scatter_add", "prefix_sum", "sort_rows",
           "contains_rows", "ea_encode", "exconv_encode"]

GF128 = "!field.gf128"


def _gf(shape):
    return ObjectTensor(GF128, shape)


def _elements(x, what):
    v = as_value(x, _scope())
    if not isinstance(v, LocalObject) or v.type.kind != GF128:
        _fail(f"{what} takes a GF(2^128) tensor (field.from_words)")
    return v


def _ints(x, what, ndim=None):
    v = as_value(x, _scope())
    if not isinstance(v, LocalValue) or v.dtype.kind not in "iu" or (
            ndim is not None and v.ndim != ndim):
        rank = f"{ndim}-D " if ndim is not None else ""
        _fail(f"{what} takes a {rank}integer array")
    return v


def from_words(words):
    """GF(2^128) elements from their 16 bytes along the last axis, in any
    integer type: (..., 2) int64 words [lo, hi], (..., 16) bytes."""
    w = _ints(words, "field.from_words")
    if not w.shape or w.shape[-1] * w.dtype.itemsize != 16:
        _fail("field.from_words takes 16 bytes along the last axis")
    out = _gf(w.shape[:-1])
    (e,) = emit_op(f"field.from_words {w.name} : {w.type.mlir} -> "
                   f"{out.mlir}", [out])
    return e


def to_words(elements, dtype=np.int64):
    """The elements' 16 bytes as (..., 16 / itemsize) words of `dtype`."""
    e = _elements(elements, "field.to_words")
    dtype = np.dtype(dtype)
    if dtype.kind not in "iu":
        _fail("field.to_words gives integer words")
    out = TensorType(dtype, e.shape + (16 // dtype.itemsize,))
    (w,) = emit_op(f"field.to_words {e.name} : {e.type.mlir} -> "
                   f"{out.mlir}", [out])
    return w


def _binary(op):
    def emit(a, b):
        x, y = _elements(a, f"field.{op}"), _elements(b, f"field.{op}")
        if x.type != y.type:
            _fail(f"field.{op} of shapes {x.shape} and {y.shape}")
        (r,) = emit_op(f"field.{op} {x.name}, {y.name} : {x.type.mlir}",
                       [x.type])
        return r
    return emit


add, mul = _binary("add"), _binary("mul")
for _name, _impl in (("add", add), ("mul", mul)):
    OBJECT_OPS[(GF128, _name)] = _impl
    OBJECT_OPS[(GF128, "r" + _name)] = lambda a, b, impl=_impl: impl(b, a)


def scale(elements, scalar):
    """Every element times the one element `scalar` (a 0-D tensor)."""
    e = _elements(elements, "field.scale")
    c = _elements(scalar, "field.scale")
    if c.shape != ():
        _fail(f"field.scale takes a 0-D scalar, not of shape {c.shape}")
    (r,) = emit_op(f"field.scale {e.name}, {c.name} : {e.type.mlir}, "
                   f"{c.type.mlir}", [e.type])
    return r


def sum(elements, axis=0):  # noqa: A001 (upstream's name)
    """The sum (xor) along `axis`."""
    e = _elements(elements, "field.sum")
    axis = int(axis) % max(len(e.shape), 1)
    out = e.type.with_shape(e.shape[:axis] + e.shape[axis + 1:])
    (r,) = emit_op(f"field.sum {e.name} axis = {axis} : {e.type.mlir} -> "
                   f"{out.mlir}", [out])
    return r


def random(shape=(), dtype=None):
    """Uniform GF(2^128) elements of `shape`, or random words of `dtype`."""
    out = _gf(shape) if dtype is None else TensorType(dtype, shape)
    (r,) = emit_op(f"field.random : {out.mlir}", [out])
    return r


def aes_expand(seeds, length, feed_forward=False):
    """`length` fixed-key AES blocks per seed: (s) -> (s, length).
    `feed_forward` gives AES_K(x) ^ x, which hides its seeds."""
    e = _elements(seeds, "field.aes_expand")
    out = e.type.with_shape(e.shape + (int(length),))
    ff = " feed_forward" if feed_forward else ""
    (r,) = emit_op(f"field.aes_expand {e.name} length = {int(length)}{ff} : "
                   f"{e.type.mlir} -> {out.mlir}", [out])
    return r


def _okvs_operands(keys, values, seed, what):
    k = _ints(keys, what, 1)
    v = _elements(values, what)
    s = _elements(seed, what)
    return k, v, s


def solve_okvs(keys, values, seed, m):
    """An OKVS table of `m` elements that decodes each key to its value
    (a run-time error when the seed does not solve it)."""
    k, v, s = _okvs_operands(keys, values, seed, "field.solve_okvs")
    out = _gf((int(m),))
    (t,) = emit_op(f"field.solve_okvs {k.name}, {v.name}, {s.name} m = "
                   f"{int(m)} : {k.type.mlir}, {v.type.mlir}, {s.type.mlir} "
                   f"-> {out.mlir}", [out])
    return t


def try_solve_okvs(keys, values, seed, m):
    """(table, solved): as solve_okvs, with a flag instead of an error."""
    k, v, s = _okvs_operands(keys, values, seed, "field.try_solve_okvs")
    out, ok = _gf((int(m),)), TensorType(np.bool_)
    return tuple(emit_op(
        f"field.try_solve_okvs {k.name}, {v.name}, {s.name} m = {int(m)} : "
        f"{k.type.mlir}, {v.type.mlir}, {s.type.mlir} -> {out.mlir}, i1",
        [out, ok]))


def decode_okvs(keys, table, seed):
    """The table's value at each key."""
    k, t, s = _okvs_operands(keys, table, seed, "field.decode_okvs")
    out = _gf(k.shape)
    (v,) = emit_op(f"field.decode_okvs {k.name}, {t.name}, {s.name} : "
                   f"{k.type.mlir}, {t.type.mlir}, {s.type.mlir} -> "
                   f"{out.mlir}", [out])
    return v


def ldpc_encode(message, indices, indptr, m, n):
    """The m x n sparse matrix (CSR `indices`, `indptr`) times `message`."""
    e = _elements(message, "field.ldpc_encode")
    i = _ints(indices, "field.ldpc_encode", 1)
    p = _ints(indptr, "field.ldpc_encode", 1)
    out = _gf((int(m),))
    (r,) = emit_op(f"field.ldpc_encode {e.name}, {i.name}, {p.name} m = "
                   f"{int(m)}, n = {int(n)} : {e.type.mlir}, {i.type.mlir}, "
                   f"{p.type.mlir} -> {out.mlir}", [out])
    return r


def scatter_add(dest, indices, values):
    """`dest` with each value added at its index."""
    d = _elements(dest, "field.scatter_add")
    i = _ints(indices, "field.scatter_add", 1)
    v = _elements(values, "field.scatter_add")
    (r,) = emit_op(f"field.scatter_add {d.name}, {i.name}, {v.name} : "
                   f"{d.type.mlir}, {i.type.mlir}, {v.type.mlir} -> "
                   f"{d.type.mlir}", [d.type])
    return r


def prefix_sum(elements):
    """Running sums along the first axis."""
    e = _elements(elements, "field.prefix_sum")
    (r,) = emit_op(f"field.prefix_sum {e.name} : {e.type.mlir}", [e.type])
    return r


def sort_rows(rows):
    """The rows of an integer matrix in lexicographic order of their
    unsigned words."""
    x = _ints(rows, "field.sort_rows", 2)
    (r,) = emit_op(f"field.sort_rows {x.name} : {x.type.mlir}", [x.type])
    return r


def contains_rows(rows, queries):
    """For each query row, whether `rows` holds it."""
    s = _ints(rows, "field.contains_rows", 2)
    q = _ints(queries, "field.contains_rows", 2)
    out = TensorType(np.bool_, q.shape[:1])
    (r,) = emit_op(f"field.contains_rows {s.name}, {q.name} : {s.type.mlir},"
                   f" {q.type.mlir} -> {out.mlir}", [out])
    return r


def _encode(op, elements, seed, m, attrs):
    """A code's encoding (n, ...) -> (m, ...) with the attributes after m."""
    e = _elements(elements, op)
    s = _elements(seed, op)
    out = e.type.with_shape((int(m),) + e.shape[1:])
    (r,) = emit_op(f"{op} {e.name}, {s.name} m = {int(m)} {attrs} : "
                   f"{e.type.mlir}, {s.type.mlir} -> {out.mlir}", [out])
    return r


def ea_encode(elements, seed, m, weight):
    """The expand-accumulate code of `weight` from `seed`: (n, ...) ->
    (m, ...)."""
    return _encode("field.ea_encode", elements, seed, m,
                   f"weight = {int(weight)}")


def exconv_encode(elements, seed, m, weight=7, band=24):
    """The expand-convolute code of `weight` and `band` from `seed` (RRT23's
    ExConv7x24 by default): (n, ...) -> (m, ...), m < n."""
    return _encode("field.exconv_encode", elements, seed, m,
                   f"weight = {int(weight)} band = {int(band)}")
