"""Secret-shared computation as a device (upstream's SPU device, `SP0`).

    x = mp.put("P0", np.array([1.5, 2.0]))
    y = mp.put("P1", np.array([3.0, -1.0]))
    z = mp.device("SP0")(lambda a, b: a * b + (a < b))(x, y)
    r = mp.put("P0", z)          # only P0 learns the result

`mp.device("SP0")(fn)(*args)` secret-shares every party value among the
device's parties (`ss.share`, after `ss.encode` for reals) and runs `fn` on
the shares: operators and numpy functions on them emit `ss` ops (docs/ss.md).
Reals are fixed point with the device's fraction bits; products of two reals
are truncated (`ss.trunc`), comparisons give booleans (shares of 0 or 1).
`mp.put("P<r>", v)` reveals a device value to party r only (`ss.reveal`, then
`ss.decode`); `mp.fetch` of a device value adds its shares in this process,
as upstream's fetch from an SPU does.

A device runs upstream SPU's protocols by name: "SEMI2K" (the default),
two-party additive sharing; "ABY3", three-party replicated sharing
(`#ss.replicated`), for example `mp.ss.define("SP3", parties=(0, 1, 2),
protocol="ABY3")`.
"""

import numpy as np

from ._errors import TraceError
from ._local import emit_op
from ._trace import (
    MPObject,
    location_text,
    require_global_scope,
    user_location,
)
from ._types import MPType, OpaqueType, TensorType, is_bool, is_float

__all__ = ["Device", "define", "devices", "Secret"]


def _fail(message):
    raise TraceError(f"{location_text(user_location())}: {message}")


# Upstream SPU's protocol names: the scheme of each, and its party count.
_PROTOCOLS = {"SEMI2K": ("", 2), "ABY3": ("#ss.replicated", 3)}


class Device:
    """A secret-sharing device over Z_2^64 among `parties`: `protocol`
    "SEMI2K" (two-party additive sharing) or "ABY3" (three-party
    replicated sharing); reals in fixed point with `fraction_bits`,
    truncated by SecureML's local truncation (ABY3's share truncation) or,
    with `exact_truncation` (SEMI2K only), by the protocol that never fails
    (docs/ss.md)."""

    def __init__(self, name, parties=(0, 1), fraction_bits=16,
                 exact_truncation=False, protocol="SEMI2K"):
        self.name = name
        self.exact_truncation = bool(exact_truncation)
        self.parties = tuple(sorted(int(p) for p in parties))
        self.fraction_bits = int(fraction_bits)
        if protocol not in _PROTOCOLS:
            raise ValueError(f"device {name}: protocol SEMI2K or ABY3, not "
                             f"{protocol!r}")
        self.protocol = protocol
        self.scheme, count = _PROTOCOLS[protocol]
        if len(set(self.parties)) != count:
            raise ValueError(f"device {name}: {protocol} needs {count} "
                             f"distinct parties, not {parties}")
        if self.exact_truncation and protocol != "SEMI2K":
            raise ValueError(f"device {name}: exact truncation needs "
                             "SEMI2K")
        if not 1 <= self.fraction_bits <= 30:
            raise ValueError(f"device {name}: fraction bits between 1 and "
                             f"30, not {fraction_bits}")

    def __repr__(self):
        return (f"Device({self.name!r}, parties={self.parties}, "
                f"fraction_bits={self.fraction_bits}, "
                f"exact_truncation={self.exact_truncation}, "
                f"protocol={self.protocol!r})")


_devices = {"SP0": Device("SP0")}


def define(name, parties=(0, 1), fraction_bits=16, exact_truncation=False,
           protocol="SEMI2K"):
    """Defines (or redefines) the secret-sharing device `name`."""
    if not isinstance(name, str) or not name.startswith("SP"):
        raise ValueError(f"secret-sharing devices are named SP..., not "
                         f"{name!r}")
    _devices[name] = Device(name, parties, fraction_bits, exact_truncation,
                            protocol)
    return _devices[name]


def devices():
    return dict(_devices)


def lookup(name):
    """The device named `name`, or None when `name` is no SS device."""
    return _devices.get(name) if isinstance(name, str) else None


class ShareType:
    """`!ss.share<tensor<...xi64>, parties, scheme>`: the type of a Secret
    (the scheme left out for the default, additive sharing)."""

    __slots__ = ("local", "parties", "scheme", "mlir", "_hash")

    def __init__(self, shape, parties, scheme=""):
        self.local = TensorType(np.int64, tuple(shape))
        self.parties = tuple(parties)
        self.scheme = scheme
        self.mlir = (f"!ss.share<{self.local.tensor_mlir()}, "
                     f"[{', '.join(str(p) for p in self.parties)}]"
                     f"{', ' + scheme if scheme else ''}>")
        self._hash = hash(self.mlir)

    @property
    def shape(self):
        return self.local.shape

    def __eq__(self, other):
        return isinstance(other, ShareType) and self.mlir == other.mlir

    def __hash__(self):
        return self._hash

    def __repr__(self):
        return f"ShareType({self.mlir})"


class Placement:
    """Where a Secret lives and how its ring elements read: the device and
    the logical dtype (int64, float64 in fixed point, or bool as 0 / 1)."""

    __slots__ = ("device", "dtype")

    def __init__(self, device, dtype):
        self.device = device
        self.dtype = np.dtype(dtype)

    def reconstruct(self, shares):
        """The value of `shares` (each rank's, None where absent)."""
        present = [s for s in shares if s is not None]
        if self.device.scheme:
            # Replicated: each rank's piece is the pair (x_i, x_{i+1}).
            present = [np.asarray(s)[0] for s in present]
        total = np.zeros_like(np.asarray(present[0], dtype=np.int64))
        for s in present:
            total = total + np.asarray(s, dtype=np.int64)
        if is_bool(self.dtype):
            value = total != 0
        elif is_float(self.dtype):
            value = (total.astype(np.float64) *
                     2.0 ** -self.device.fraction_bits).astype(self.dtype)
        else:
            value = total
        return value[()] if value.ndim == 0 else value


def _ring_dtype(dtype):
    """The logical dtype a party value of `dtype` has on the device."""
    dtype = np.dtype(dtype)
    if is_float(dtype):
        return np.dtype(np.float64)
    if is_bool(dtype):
        return np.dtype(bool)
    if dtype.kind in "iu":
        return np.dtype(np.int64)
    _fail(f"the secret-sharing device takes numbers, not {dtype}")


class Secret(MPObject):
    """A traced value on a secret-sharing device: its shares."""

    __slots__ = ()
    __array_priority__ = 2000

    def __init__(self, name, type_, scope, placement):
        super().__init__(name, type_, scope)
        self.device = placement

    placement = property(lambda self: self.device)
    dtype = property(lambda self: self.device.dtype)
    shape = property(lambda self: self.type.shape)
    ndim = property(lambda self: len(self.type.shape))
    size = property(lambda self: int(np.prod(self.type.shape, dtype=np.int64)))

    def __repr__(self):
        return f"Secret({self.name}: {self.type.mlir}, {self.dtype})"

    # Python operators.
    def __add__(self, other):
        return add(self, other)

    def __radd__(self, other):
        return add(other, self)

    def __sub__(self, other):
        return subtract(self, other)

    def __rsub__(self, other):
        return subtract(other, self)

    def __mul__(self, other):
        return multiply(self, other)

    def __rmul__(self, other):
        return multiply(other, self)

    def __truediv__(self, other):
        return divide(self, other)

    def __matmul__(self, other):
        return matmul(self, other)

    def __rmatmul__(self, other):
        return matmul(other, self)

    def __neg__(self):
        return negative(self)

    def __lt__(self, other):
        return less(self, other)

    def __gt__(self, other):
        return less(other, self)

    def __le__(self, other):
        return less_equal(self, other)

    def __ge__(self, other):
        return less_equal(other, self)

    def __eq__(self, other):
        return equal(self, other)

    def __ne__(self, other):
        return not_equal(self, other)

    __hash__ = MPObject.__hash__

    def sum(self, axis=None, keepdims=False):
        return sum_(self, axis, keepdims)

    def mean(self, axis=None, keepdims=False):
        return mean(self, axis, keepdims)

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return reshape(self, shape)

    # numpy protocols.
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        fn = _UFUNCS.get(ufunc.__name__)
        if method != "__call__" or kwargs or fn is None:
            _fail(f"numpy.{ufunc.__name__} is not supported on the "
                  "secret-sharing device")
        return fn(*inputs)

    def __array_function__(self, func, types, args, kwargs):
        fn = _FUNCTIONS.get(func.__name__)
        if fn is None:
            _fail(f"numpy.{func.__name__} is not supported on the "
                  "secret-sharing device")
        return fn(*args, **kwargs)


#===----------------------------------------------------------------------===#
# Emitting ss ops
#===----------------------------------------------------------------------===#

def _emit(text, share_type, placement):
    scope = require_global_scope("the secret-sharing device")
    (name,) = scope.emit_results(1, text, user_location())
    return Secret(name, share_type, scope, placement)


def _like(x, shape=None, dtype=None):
    """The placement and type of a result like `x`, with another shape or
    dtype if given."""
    placement = Placement(x.placement.device,
                          x.dtype if dtype is None else dtype)
    return placement, ShareType(x.shape if shape is None else shape,
                                x.type.parties, x.type.scheme)


def _op(name, x, *more, dtype=None, attrs=""):
    placement, t = _like(x, dtype=dtype)
    operands = ", ".join(v.name for v in (x,) + more)
    return _emit(f"ss.{name} {operands}{attrs} : {t.mlir}", t, placement)


def _tensor_type(dtype, shape):
    """The local type of a `dtype` tensor of `shape`, 0-d ones included
    (the numpy-like API reads those as scalars)."""
    t = TensorType(dtype, shape)
    return t if shape else OpaqueType(t.tensor_mlir())


def share(obj, device):
    """The Secret of `obj`, a value held by one party of `device`."""
    parties = obj.parties
    if parties is None or len(parties) != 1 or \
            parties[0] not in device.parties:
        _fail(f"{device.name} shares the value of one of its parties "
              f"{list(device.parties)}, not a value held by "
              f"{parties if parties is None else list(parties)}")
    local = obj.type.local
    if not isinstance(local, TensorType):
        _fail(f"{device.name} shares numbers, not {local.mlir}")
    dtype = _ring_dtype(local.dtype)
    shape = local.shape
    from . import simp
    real = is_float(dtype)

    def to_tensor(v):
        v = v.astype(np.float64 if real else np.int64)
        if not shape:
            (v,) = emit_op(f"tensor.from_elements {v.name} : "
                           f"{v.type.tensor_mlir()}",
                           [_tensor_type(v.dtype, ())])
        return v
    ring = simp.pcall_static(parties, to_tensor, obj)
    scope = require_global_scope("the secret-sharing device")
    loc = user_location()
    if real:
        it = MPType.of(_tensor_type(np.int64, shape), parties)
        (name,) = scope.emit_results(
            1, f"ss.encode {ring.name} {{fraction_bits = "
            f"{device.fraction_bits}}} : {ring.type.mlir} -> {it.mlir}", loc)
        ring = MPObject(name, it, scope)
    t = ShareType(shape, device.parties, device.scheme)
    return _emit(f"ss.share {ring.name} : {ring.type.mlir} -> {t.mlir}", t,
                 Placement(device, dtype))


def reveal(x, rank):
    """`x` revealed to party `rank` alone, as a value of its dtype."""
    device = x.placement.device
    if rank not in device.parties:
        _fail(f"{device.name} reveals to its parties {list(device.parties)}, "
              f"not to P{rank}")
    scope = require_global_scope("the secret-sharing device")
    loc = user_location()
    ring = MPType.of(_tensor_type(np.int64, x.shape), (rank,))
    (name,) = scope.emit_results(
        1, f"ss.reveal {x.name} : {x.type.mlir} -> {ring.mlir}", loc)
    value = MPObject(name, ring, scope)
    dtype = x.dtype
    if is_float(dtype):
        real = MPType.of(_tensor_type(np.float64, x.shape), (rank,))
        (name,) = scope.emit_results(
            1, f"ss.decode {value.name} {{fraction_bits = "
            f"{device.fraction_bits}}} : {ring.mlir} -> {real.mlir}", loc)
        value = MPObject(name, real, scope)
    if x.shape and not is_bool(dtype):
        return value
    from . import simp

    def to_numpy(v):
        if not x.shape:
            element = np.float64 if is_float(dtype) else np.int64
            (v,) = emit_op(f"tensor.extract {v.name}[] : {v.type.mlir}",
                           [TensorType(element, ())])
        return v != 0 if is_bool(dtype) else v
    return simp.pcall_static((rank,), to_numpy, value)


def _public(x, device, dtype, shape):
    """A public constant as a Secret: party `device.parties[0]` shares it
    (its mask is the one message)."""
    from . import simp
    array = np.broadcast_to(np.asarray(x), shape)
    if is_float(np.dtype(dtype)):
        array = np.asarray(array, np.float64)
    else:
        array = np.asarray(array, np.int64)
    const = simp.constant((device.parties[0],), np.array(array))
    return share(const, device)


def _operands(a, b):
    """`a` and `b` as Secrets of one shape and device; a real and an integer
    become reals."""
    secret = a if isinstance(a, Secret) else b
    if not isinstance(secret, Secret):
        _fail("no operand is on the secret-sharing device")
    device = secret.placement.device
    for v in (a, b):
        if isinstance(v, MPObject) and not isinstance(v, Secret):
            _fail("a party's value enters the secret-sharing device as an "
                  "argument of mp.device(...), not inside its function")
        if isinstance(v, Secret) and v.placement.device is not device:
            _fail(f"operands on two devices: {device.name} and "
                  f"{v.placement.device.name}")
    shape = np.broadcast_shapes(_shape(a), _shape(b))
    real = is_float(_dtype(a)) or is_float(_dtype(b))
    out = []
    for v in (a, b):
        if not isinstance(v, Secret):
            v = _public(v, device, np.float64 if real else np.int64, shape)
        v = broadcast_to(v, shape)
        if real and not is_float(v.dtype):
            v = _scale_up(v)
        out.append(v)
    return out[0], out[1]


def _shape(x):
    return x.shape if isinstance(x, Secret) else np.shape(x)


def _dtype(x):
    return x.dtype if isinstance(x, Secret) else np.asarray(x).dtype


def _mul_public(x, array, dtype):
    """`x` times a public integer array every holder makes."""
    from . import simp
    array = np.array(np.broadcast_to(
        np.asarray(array, np.int64), x.shape))
    pub = simp.pcall_static(x.type.parties, lambda: _tensor_const(array))
    placement, t = _like(x, dtype=dtype)
    return _emit(f"ss.mul_public {x.name}, {pub.name} : {t.mlir}, "
                 f"{pub.type.mlir}", t, placement)


def _tensor_const(array):
    """`array` as a local tensor constant, 0-d ones as tensor<...>."""
    from ._local import _scope, constant
    v = constant(_scope(), array, TensorType(array.dtype, array.shape))
    if array.shape:
        return v
    (t,) = emit_op(f"tensor.from_elements {v.name} : {v.type.tensor_mlir()}",
                   [_tensor_type(array.dtype, ())])
    return t


def _scale_up(x):
    """An integer (or boolean) Secret as a fixed-point real."""
    return _mul_public(x, 1 << x.placement.device.fraction_bits, np.float64)


def _trunc(x, bits=None):
    device = x.placement.device
    if bits is None:
        bits = device.fraction_bits
    exact = ", exact" if device.exact_truncation else ""
    return _op("trunc", x, attrs=f" {{bits = {bits}{exact}}}")


#===----------------------------------------------------------------------===#
# The numpy-like API
#===----------------------------------------------------------------------===#

def add(a, b):
    a, b = _operands(a, b)
    return _op("add", a, b, dtype=_sum_dtype(a, b))


def subtract(a, b):
    a, b = _operands(a, b)
    return _op("sub", a, b, dtype=_sum_dtype(a, b))


def _sum_dtype(a, b):
    if is_float(a.dtype):
        return np.float64
    return np.int64


def negative(x):
    return _op("neg", x, dtype=np.int64 if is_bool(x.dtype) else x.dtype)


# Significant bits of a public real factor's encoding: a small factor (such
# as 1 / n) is encoded with extra fraction bits, truncated after the product.
_FACTOR_BITS = 14


def _multiply_public(s, p):
    """Secret `s` times the public array `p`: integers multiply the shares,
    reals multiply their encoding and truncate."""
    shape = np.broadcast_shapes(s.shape, p.shape)
    s = broadcast_to(s, shape)
    if not is_float(p.dtype):
        return _mul_public(s, p, s.dtype if not is_bool(s.dtype)
                           else np.int64)
    f = s.placement.device.fraction_bits
    largest = float(np.max(np.abs(p))) if p.size else 0.0
    extra = 0
    if largest > 0:
        extra = max(0, _FACTOR_BITS - (int(np.floor(np.log2(largest))) + f))
    extra = min(extra, 62 - 2 * f)
    encoded = np.rint(np.asarray(p, np.float64) * 2.0 ** (f + extra))
    product = _mul_public(s, encoded.astype(np.int64), np.float64)
    shift = extra + (f if is_float(s.dtype) else 0)
    return _trunc(product, shift) if shift else product


def multiply(a, b):
    for s, p in ((a, b), (b, a)):
        if isinstance(s, Secret) and not isinstance(p, MPObject):
            return _multiply_public(s, np.asarray(p))
    a, b = _operands(a, b)
    both_real = is_float(a.dtype) and is_float(b.dtype)
    if both_real:
        dtype = np.float64
    elif is_bool(a.dtype) and is_bool(b.dtype):
        dtype = bool
    else:
        dtype = b.dtype if is_bool(a.dtype) else a.dtype
    product = _op("mul", a, b, dtype=dtype)
    return _trunc(product) if both_real else product


def divide(a, b):
    if isinstance(b, MPObject):
        _fail("division by a secret value is not supported")
    return multiply(a, 1.0 / np.asarray(b, np.float64))


def matmul(a, b):
    if not isinstance(a, Secret) or not isinstance(b, Secret):
        secret = a if isinstance(a, Secret) else b
        other = b if secret is a else a
        other = _public(other, secret.placement.device,
                        np.float64 if is_float(np.asarray(other).dtype)
                        else np.int64, np.shape(other))
        a, b = (secret, other) if secret is a else (other, secret)
    real = [is_float(v.dtype) for v in (a, b)]
    if any(real) and not all(real):
        a, b = [v if is_float(v.dtype) else _scale_up(v) for v in (a, b)]
    a2 = a if a.ndim == 2 else reshape(a, (1,) + a.shape)
    b2 = b if b.ndim == 2 else reshape(b, b.shape + (1,))
    if a2.ndim != 2 or b2.ndim != 2 or a2.shape[1] != b2.shape[0]:
        _fail(f"matmul: shapes {a.shape} and {b.shape} do not align")
    placement, t = _like(a2, shape=(a2.shape[0], b2.shape[1]),
                         dtype=np.float64 if any(real) else np.int64)
    product = _emit(f"ss.matmul {a2.name}, {b2.name} : {a2.type.mlir}, "
                    f"{b2.type.mlir} -> {t.mlir}", t, placement)
    if any(real):
        product = _trunc(product)
    shape = a.shape[:-1] + b.shape[1:]
    return reshape(product, shape)


def less(a, b):
    a, b = _operands(a, b)
    return _op("lt", a, b, dtype=bool)


def less_equal(a, b):
    return logical_not(less(b, a))


def equal(a, b):
    a, b = _operands(a, b)
    return _op("eq", a, b, dtype=bool)


def not_equal(a, b):
    return logical_not(equal(a, b))


def logical_not(x):
    return _as_bool(subtract(1, x))


def _as_bool(x):
    """`x`, which holds 0 or 1, read as a boolean."""
    placement, _ = _like(x, dtype=bool)
    return Secret(x.name, x.type, x.scope, placement)


def where(cond, a, b):
    if not isinstance(cond, Secret) or not is_bool(cond.dtype):
        _fail("where on the secret-sharing device takes a secret boolean "
              "condition (a comparison's result)")
    if not isinstance(a, Secret) and not isinstance(b, Secret):
        real = is_float(_dtype(a)) or is_float(_dtype(b))
        a = _public(a, cond.placement.device,
                    np.float64 if real else np.int64, np.shape(a))
    a, b = _operands(a, b)
    shape = np.broadcast_shapes(cond.shape, a.shape)
    cond, a, b = (broadcast_to(v, shape) for v in (cond, a, b))
    return _op("select", cond, a, b, dtype=a.dtype)


def maximum(a, b):
    a, b = _operands(a, b)
    return where(less(a, b), b, a)


def minimum(a, b):
    a, b = _operands(a, b)
    return where(less(a, b), a, b)


def sum_(x, axis=None, keepdims=False):
    axes = _axes(axis, x.ndim)
    kept = tuple(d for i, d in enumerate(x.shape) if i not in axes)
    placement, t = _like(x, shape=kept,
                         dtype=np.int64 if is_bool(x.dtype) else x.dtype)
    dims = ", ".join(str(a) for a in axes)
    out = _emit(f"ss.sum {x.name} [{dims}] : {x.type.mlir} -> {t.mlir}", t,
                placement)
    if keepdims:
        out = reshape(out, tuple(1 if i in axes else d
                                 for i, d in enumerate(x.shape)))
    return out


def mean(x, axis=None, keepdims=False):
    axes = _axes(axis, x.ndim)
    count = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    return multiply(sum_(x, axis, keepdims), 1.0 / count)


def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    return tuple(sorted(a % ndim for a in axes))


def reshape(x, shape):
    shape = tuple(int(d) for d in shape)
    if -1 in shape:
        known = int(np.prod([d for d in shape if d != -1], dtype=np.int64))
        shape = tuple(x.size // known if d == -1 else d for d in shape)
    if shape == x.shape:
        return x
    if int(np.prod(shape, dtype=np.int64)) != x.size:
        _fail(f"cannot reshape {x.shape} into {shape}")
    placement, t = _like(x, shape=shape)
    return _emit(f"ss.reshape {x.name} : {x.type.mlir} -> {t.mlir}", t,
                 placement)


def broadcast_to(x, shape):
    """numpy's broadcasting: size-1 and missing leading dimensions repeat."""
    shape = tuple(shape)
    if x.shape == shape:
        return x
    pad = len(shape) - x.ndim
    if pad < 0:
        _fail(f"cannot broadcast {x.shape} to {shape}")
    padded = (1,) * pad + x.shape
    added = [i for i, (d, s) in enumerate(zip(padded, shape)) if d != s]
    if any(padded[i] != 1 for i in added):
        _fail(f"cannot broadcast {x.shape} to {shape}")
    kept = tuple(d for i, d in enumerate(shape) if i not in added)
    x = reshape(x, kept)
    placement, t = _like(x, shape=shape)
    dims = ", ".join(str(a) for a in added)
    return _emit(f"ss.broadcast {x.name} [{dims}] : {x.type.mlir} -> "
                 f"{t.mlir}", t, placement)


_UFUNCS = {
    "add": add, "subtract": subtract, "multiply": multiply,
    "true_divide": divide, "matmul": matmul, "negative": negative,
    "less": less, "greater": lambda a, b: less(b, a),
    "less_equal": less_equal, "greater_equal": lambda a, b: less_equal(b, a),
    "equal": equal, "not_equal": not_equal, "logical_not": logical_not,
    "maximum": maximum, "minimum": minimum,
}

_FUNCTIONS = {
    "where": where, "sum": sum_, "mean": mean, "matmul": matmul,
    "dot": matmul, "reshape": reshape, "broadcast_to": broadcast_to,
    "maximum": maximum, "minimum": minimum,
}


#===----------------------------------------------------------------------===#
# The device API's entry points (mp.device, mp.put)
#===----------------------------------------------------------------------===#

def as_secret(value, device):
    """`value` on `device`: a Secret stays, a party's value is shared, a
    share-typed value (an argument of a traced program) is rewrapped."""
    if isinstance(value, Secret):
        if value.placement.device is not device:
            _fail(f"a value of {value.placement.device.name} used on "
                  f"{device.name}")
        return value
    if isinstance(value, MPObject) and isinstance(value.type, ShareType):
        placement = value.device
        if not isinstance(placement, Placement):
            _fail("a share-typed argument without its device")
        return Secret(value.name, value.type, value.scope, placement)
    return share(value, device)


def call(device, fn, args, kwargs):
    """Runs `fn` on `device` with its party values shared."""
    from ._trace import flatten, unflatten
    leaves, tree = flatten((args, kwargs))
    moved = [as_secret(v, device) if isinstance(v, MPObject) else v
             for v in leaves]
    a, kw = unflatten(tree, moved)
    out = fn(*a, **kw)
    out_leaves, out_tree = flatten(out)
    for v in out_leaves:
        if not isinstance(v, Secret):
            _fail(f"a function on {device.name} returns secret values, not "
                  f"{type(v).__name__}")
    return out
