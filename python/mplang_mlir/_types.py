"""Types of traced values and their MLIR spelling.

A local value is a tensor type (numpy dtype and shape; shape () is an MLIR
scalar). A global value is an MPType: a local type held by a party set.
MLIR integers are signless, so unsigned numpy dtypes map to the same MLIR
types as signed ones; the ops chosen for them carry the signedness.
"""

import numpy as np

from ._errors import TraceError

_MLIR_ELEMENT = {
    np.dtype(np.bool_): "i1",
    np.dtype(np.int8): "i8",
    np.dtype(np.int16): "i16",
    np.dtype(np.int32): "i32",
    np.dtype(np.int64): "i64",
    np.dtype(np.uint8): "i8",
    np.dtype(np.uint16): "i16",
    np.dtype(np.uint32): "i32",
    np.dtype(np.uint64): "i64",
    np.dtype(np.float32): "f32",
    np.dtype(np.float64): "f64",
}

# The dtype the runtime hands back for each MLIR element type.
RUNTIME_DTYPE = {
    "i1": np.dtype(np.bool_),
    "i8": np.dtype(np.int8),
    "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
}


def element_type(dtype):
    """The MLIR element type of a numpy dtype, or a TraceError."""
    dtype = np.dtype(dtype)
    try:
        return _MLIR_ELEMENT[dtype]
    except KeyError:
        raise TraceError(f"dtype {dtype} has no runtime type") from None


def is_unsigned(dtype):
    return dtype.kind == "u"


def is_float(dtype):
    return dtype.kind == "f"


def is_bool(dtype):
    return dtype.kind == "b"


class TensorType:
    """A party-local value: a numpy dtype and a static shape."""

    __slots__ = ("dtype", "shape", "mlir", "element", "_hash")

    def __init__(self, dtype, shape=()):
        self.dtype = np.dtype(dtype)
        self.shape = tuple(int(d) for d in shape)
        self.element = element_type(self.dtype)
        if self.shape:
            dims = "x".join(str(d) for d in self.shape)
            self.mlir = f"tensor<{dims}x{self.element}>"
        else:
            self.mlir = self.element
        self._hash = hash((self.dtype, self.shape))

    def __eq__(self, other):
        return self is other or (
            isinstance(other, TensorType) and self.dtype == other.dtype and
            self.shape == other.shape)

    def __hash__(self):
        return self._hash

    def __repr__(self):
        return f"TensorType({self.dtype}, {self.shape})"

    def tensor_mlir(self):
        """The type as a tensor, rank 0 included (tensor<i64>)."""
        return self.mlir if self.shape else f"tensor<{self.element}>"


class OpaqueType:
    """A local type the runtime holds as an object (BFV keys, ciphertexts):
    its MLIR spelling is all the front end knows of it."""

    __slots__ = ("mlir", "_hash")

    def __init__(self, mlir):
        self.mlir = mlir
        self._hash = hash(mlir)

    def __eq__(self, other):
        return isinstance(other, OpaqueType) and self.mlir == other.mlir

    def __hash__(self):
        return self._hash

    @property
    def kind(self):
        """The dialect type's name (`!bfv.ciphertext`), which selects the
        Python operators a value of it has."""
        return self.mlir.split("<")[0]

    def __repr__(self):
        return f"OpaqueType({self.mlir})"


class ObjectTensor(OpaqueType):
    """A tensor of a dialect's elements (`!field.gf128`, `!crypto.point<p256>`)
    that numpy has no dtype for: the runtime holds it, Python sees its shape.
    Shape () is `tensor<element>`, or the bare element where the dialect
    takes one (`bare`, as crypto's scalars and points)."""

    __slots__ = ("element", "shape", "bare")

    def __init__(self, element, shape=(), bare=False):
        self.element = element
        self.bare = bare
        self.shape = tuple(int(d) for d in shape)
        if self.shape:
            dims = "x".join(str(d) for d in self.shape)
            mlir = f"tensor<{dims}x{element}>"
        else:
            mlir = element if bare else f"tensor<{element}>"
        super().__init__(mlir)

    @property
    def kind(self):
        return self.element.split("<")[0]

    def with_shape(self, shape):
        return ObjectTensor(self.element, shape, self.bare)


_mp_types = {}


class MPType:
    """A value held by a set of parties (None: decided at run time)."""

    __slots__ = ("local", "parties", "mlir", "_hash")

    def __init__(self, local, parties):
        self.local = local
        self.parties = None if parties is None else tuple(sorted(
            set(int(p) for p in parties)))
        where = "?" if self.parties is None else (
            "[" + ", ".join(str(p) for p in self.parties) + "]")
        self.mlir = f"!simp.mp<{local.mlir}, {where}>"
        self._hash = hash((local, self.parties))

    @classmethod
    def of(cls, local, parties):
        """The MPType, made once per (local, parties) for tracing speed."""
        key = (local, parties if parties is None else tuple(parties))
        hit = _mp_types.get(key)
        if hit is None:
            hit = _mp_types[key] = cls(local, parties)
        return hit

    def __eq__(self, other):
        return self is other or (
            isinstance(other, MPType) and self.local == other.local and
            self.parties == other.parties)

    def __hash__(self):
        return self._hash

    def __repr__(self):
        return f"MPType({self.local!r}, parties={self.parties})"


def mp_type(dtype, shape=(), parties=(0,)):
    """The type of an entry argument: `dtype` of `shape` held by `parties`."""
    return MPType(TensorType(dtype, shape), parties)


def _float_literal(x, dtype):
    x = float(x)
    if np.isfinite(x):
        text = repr(float(np.dtype(dtype).type(x)))
        if "." not in text:
            text = text.replace("e", ".0e") if "e" in text else text + ".0"
        return text
    bits = np.array([x], dtype=dtype).view(
        np.uint32 if dtype == np.float32 else np.uint64)[0]
    return f"0x{int(bits):X}"


def scalar_literal(value, dtype):
    """`value` as an MLIR literal of `dtype` (wrapped to its width)."""
    dtype = np.dtype(dtype)
    if is_bool(dtype):
        return "true" if value else "false"
    if is_float(dtype):
        return _float_literal(value, dtype)
    # Signless: print the signed reading of the bits.
    return str(int(np.array(value).astype(dtype).view(
        np.dtype(f"i{dtype.itemsize}"))))


def dense_literal(array, ttype):
    """The attribute of an `arith.constant` holding `array` as `ttype`."""
    array = np.asarray(array, dtype=ttype.dtype)
    if not ttype.shape:
        literal = scalar_literal(array.item(), ttype.dtype)
        # `true` / `false` are typed already.
        return literal if is_bool(ttype.dtype) else f"{literal} : {ttype.mlir}"
    flat = array.reshape(-1)
    if flat.size and (flat == flat[0]).all():
        return f"dense<{scalar_literal(flat[0], ttype.dtype)}> : {ttype.mlir}"
    if not is_bool(ttype.dtype) and flat.size > 16:
        raw = np.ascontiguousarray(flat).astype(flat.dtype.newbyteorder("<"))
        return f'dense<"0x{raw.tobytes().hex().upper()}"> : {ttype.mlir}'
    return f"dense<{_nested(array, ttype.dtype)}> : {ttype.mlir}"


def _nested(array, dtype):
    if array.ndim == 0:
        return scalar_literal(array.item(), dtype)
    return "[" + ", ".join(_nested(a, dtype) for a in array) + "]"
