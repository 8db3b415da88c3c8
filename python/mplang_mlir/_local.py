"""Party-local values that behave like numpy arrays.

Inside a party's function every operand is a LocalValue. Python operators,
numpy ufuncs (`__array_ufunc__`) and numpy functions
(`__array_function__`) on it emit arith, tensor and linalg ops into the
function's region. Result dtypes follow numpy: they are computed by running
the same ufunc on tiny sample arrays. numpy arrays and Python numbers
become constants. Anything without a lowering is a TraceError naming it.
"""

import numpy as np

from ._errors import TraceError
from ._trace import MPObject, current_scope, location_text, user_location
from ._types import (
    OpaqueType,
    TensorType,
    dense_literal,
    is_bool,
    is_float,
    is_unsigned,
    scalar_literal,
)


def _fail(message):
    raise TraceError(f"{location_text(user_location())}: {message}")


def _scope():
    scope = current_scope()
    if scope is None or scope.kind != "local":
        _fail("numpy-like code on traced values runs only inside a party's "
              "function (simp.pcall_static or mp.device)")
    return scope


class LocalValue:
    """A traced value of one party: a numpy dtype and a static shape."""

    __slots__ = ("name", "type", "scope")
    __array_priority__ = 1000

    def __init__(self, name, type_, scope):
        self.name = name
        self.type = type_
        self.scope = scope

    dtype = property(lambda self: self.type.dtype)
    shape = property(lambda self: self.type.shape)
    ndim = property(lambda self: len(self.type.shape))
    size = property(lambda self: int(np.prod(self.type.shape, dtype=np.int64)))

    def __repr__(self):
        return f"LocalValue({self.name}: {self.type.mlir})"

    def __len__(self):
        if not self.shape:
            _fail("len() of a scalar")
        return self.shape[0]

    def _no_value(self, *_):
        _fail("a traced value has no Python value here: use np.where for "
              "choices and simp.uniform_cond / simp.while_loop for control "
              "flow")

    __bool__ = __int__ = __float__ = __index__ = __array__ = _no_value
    __iter__ = _no_value

    # numpy protocols.
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        name = ufunc.__name__
        if method != "__call__" or kwargs:
            _fail(f"numpy.{name}.{method} with {sorted(kwargs)} is not "
                  "supported in a party's function")
        if name in _BINARY:
            return binary(name, *inputs)
        if name in _UNARY:
            return _UNARY[name](inputs[0])
        if name == "matmul":
            return matmul(*inputs)
        _fail(f"numpy.{name} is not supported in a party's function")

    def __array_function__(self, func, types, args, kwargs):
        impl = _FUNCTIONS.get(func.__name__)
        if impl is None:
            _fail(f"numpy.{func.__name__} is not supported in a party's "
                  "function")
        return impl(*args, **kwargs)

    # Methods numpy arrays have.
    def astype(self, dtype):
        return astype(self, np.dtype(dtype))

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return reshape(self, shape)

    def sum(self, axis=None, dtype=None, keepdims=False):
        return reduce_sum(self, axis, dtype, keepdims)

    def max(self, axis=None, keepdims=False):
        return reduce_minmax(self, axis, keepdims, "max")

    def min(self, axis=None, keepdims=False):
        return reduce_minmax(self, axis, keepdims, "min")

    def transpose(self, *axes):
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = axes[0]
        return transpose(self, axes or None)

    T = property(lambda self: transpose(self))

    def __getitem__(self, key):
        return index(self, key)


class LocalObject:
    """A traced party-local object (a BFV key, ciphertext, ...): no numpy
    behaviour, only the ops of its dialect (mplang_mlir.bfv)."""

    __slots__ = ("name", "type", "scope")
    # numpy arrays defer to our reflected operators (`vector - ct`).
    __array_ufunc__ = None

    def __init__(self, name, type_, scope):
        self.name = name
        self.type = type_
        self.scope = scope

    def __repr__(self):
        return f"LocalObject({self.name}: {self.type.mlir})"

    shape = property(lambda self: getattr(self.type, "shape", None))

    def _op(self, op, other):
        kind = self.type.kind
        impl = OBJECT_OPS.get((kind, op))
        if impl is None:
            _fail(f"{op} is not defined on {kind}")
        return impl(self, other)

    __add__ = lambda self, other: self._op("add", other)  # noqa: E731
    __sub__ = lambda self, other: self._op("sub", other)  # noqa: E731
    __mul__ = lambda self, other: self._op("mul", other)  # noqa: E731
    __radd__ = lambda self, other: self._op("radd", other)  # noqa: E731
    __rsub__ = lambda self, other: self._op("rsub", other)  # noqa: E731
    __rmul__ = lambda self, other: self._op("rmul", other)  # noqa: E731


# (type kind, operator) -> implementation, filled by the dialect modules
# (mplang_mlir.bfv registers ciphertext addition, ...).
OBJECT_OPS = {}


def _binop(name):
    return (lambda a, b: binary(name, a, b),
            lambda a, b: binary(name, b, a))


for _op, _ufunc in [("add", "add"), ("sub", "subtract"),
                    ("mul", "multiply"), ("truediv", "true_divide"),
                    ("floordiv", "floor_divide"), ("mod", "remainder"),
                    ("and", "bitwise_and"), ("or", "bitwise_or"),
                    ("xor", "bitwise_xor"), ("lshift", "left_shift"),
                    ("rshift", "right_shift")]:
    _fwd, _rev = _binop(_ufunc)
    setattr(LocalValue, f"__{_op}__", _fwd)
    setattr(LocalValue, f"__r{_op}__", _rev)
for _op, _ufunc in [("lt", "less"), ("le", "less_equal"),
                    ("gt", "greater"), ("ge", "greater_equal"),
                    ("eq", "equal"), ("ne", "not_equal")]:
    setattr(LocalValue, f"__{_op}__", _binop(_ufunc)[0])
LocalValue.__hash__ = object.__hash__
LocalValue.__neg__ = lambda self: negative(self)
LocalValue.__invert__ = lambda self: invert(self)
LocalValue.__abs__ = lambda self: absolute(self)
LocalValue.__pos__ = lambda self: self
LocalValue.__matmul__ = lambda a, b: matmul(a, b)
LocalValue.__rmatmul__ = lambda a, b: matmul(b, a)


# Emission helpers.
def emit_op(text, types):
    """Emits the op `text` into the party's function; returns one traced
    value per result type (a LocalValue for a numpy-like tensor, else a
    LocalObject)."""
    scope = _scope()
    names = scope.emit_results(len(types), text, user_location())
    return [LocalValue(n, t, scope) if isinstance(t, TensorType)
            else LocalObject(n, t, scope) for n, t in zip(names, types)]


def _emit(scope, ttype, text):
    (name,) = scope.emit_results(1, text, user_location())
    return LocalValue(name, ttype, scope)


def lift(x, scope):
    """`x` as a LocalValue of `scope`, or None for a constant."""
    if isinstance(x, (LocalValue, LocalObject)):
        if id(x.scope) in scope.visible:
            return x
        if not _encloses(scope.owner, x):
            _fail(f"{x.name} belongs to another party's function")
        return capture(x, scope.owner)
    if isinstance(x, MPObject):
        if id(x.scope) in scope.visible:
            _fail(f"{x.name} is held by parties {list(x.parties)}: compute "
                  "on it in a nested simp.pcall_static")
        return capture(x, scope.owner)
    return None


def _encloses(owner, x):
    """Whether the local value `x` belongs to a party's function that
    `owner` (the function of a nested call) is traced in."""
    while owner.parent is not None and owner.parent.kind == "local":
        if id(x.scope) in owner.parent.visible:
            return True
        owner = owner.parent.owner
    return False


def capture(obj, scope):
    """An outer value used inside a party's function: it becomes an
    operand of the call and a block argument of its region. A global value
    enters as its local piece; a value of an enclosing party's function
    (a nested call) enters as it is, as a public operand."""
    hit = scope.captured.get(obj.name)
    if hit is not None:
        return hit
    outer = scope.parent
    if id(obj.scope) not in outer.visible:
        if isinstance(obj, MPObject) or outer.kind != "local":
            _fail(f"{obj.name} belongs to another trace or an ended region")
        # Through each enclosing nested call in turn.
        obj = capture(obj, outer.owner)
    if isinstance(obj, MPObject):
        if obj.parties is not None and not set(scope.parties or ()) <= set(
                obj.parties):
            _fail(f"the function runs on parties {list(scope.parties)} but "
                  f"{obj.name} is held by {list(obj.parties)}")
        local = obj.type.local
    else:
        local = obj.type
    name = scope.trace.fresh()
    if isinstance(local, TensorType):
        value = LocalValue(name, local, scope)
    elif isinstance(local, OpaqueType):
        value = LocalObject(name, local, scope)
    else:
        # A piece that a nested call placed: still a multi-party value.
        value = MPObject(name, local, scope)
    scope.operands.append(obj)
    scope.block_args.append((value.name, value.type))
    scope.captured[obj.name] = value
    return value


def constant(scope, value, ttype):
    return _emit(scope, ttype,
                 f"arith.constant {dense_literal(value, ttype)}")


def as_value(x, scope, dtype=None):
    """`x` (a LocalValue or a constant) as a LocalValue of `dtype`."""
    v = lift(x, scope)
    if isinstance(v, LocalObject):
        if dtype is not None:
            _fail(f"{v.type.mlir} is not an array")
        return v
    if v is None:
        array = np.asarray(x) if dtype is None else np.asarray(x, dtype)
        try:
            ttype = TensorType(array.dtype, array.shape)
        except TraceError as e:
            _fail(str(e))
        return constant(scope, array, ttype)
    return v if dtype is None else astype(v, np.dtype(dtype))


def _sample(x):
    """A tiny numpy stand-in with x's dtype and rank, for numpy's rules."""
    if isinstance(x, LocalValue):
        return np.ones((1,) * x.ndim, x.dtype)
    if isinstance(x, np.ndarray) and x.ndim:
        return np.ones((1,) * x.ndim, x.dtype)
    return x


def _shape(x):
    return x.shape if isinstance(x, LocalValue) else np.shape(x)


def astype(v, dtype):
    """Converts a LocalValue to `dtype` as numpy's astype does."""
    src = v.dtype
    if src == dtype:
        return v
    scope = current_scope()
    out = TensorType(dtype, v.shape)
    if is_bool(dtype):
        zero = constant(scope, 0, v.type)
        return compare("not_equal", v, zero, scope)
    if out.element == v.type.element:  # int8 <-> uint8: same bits
        return LocalValue(v.name, out, scope)
    types = f"{v.type.mlir} to {out.mlir}"
    if is_float(src) and is_float(dtype):
        op = "extf" if dtype.itemsize > src.itemsize else "truncf"
    elif is_float(dtype):
        op = "uitofp" if is_unsigned(src) or is_bool(src) else "sitofp"
    elif is_float(src):
        op = "fptoui" if is_unsigned(dtype) else "fptosi"
    elif dtype.itemsize > src.itemsize or is_bool(src):
        op = "extui" if is_unsigned(src) or is_bool(src) else "extsi"
    else:
        op = "trunci"
    return _emit(scope, out, f"arith.{op} {v.name} : {types}")


def broadcast_to(v, shape):
    """`v` broadcast to `shape` by numpy's rules."""
    shape = tuple(shape)
    if v.shape == shape:
        return v
    scope = current_scope()
    out = TensorType(v.dtype, shape)
    if not v.shape:
        return _emit(scope, out, f"tensor.splat {v.name} : {out.mlir}")
    lead = len(shape) - len(v.shape)
    padded = (1,) * lead + v.shape
    added = [i for i, (d, t) in enumerate(zip(padded, shape)) if d != t or
             i < lead]
    kept = tuple(d for i, d in enumerate(padded) if i not in added)
    if not kept:
        return broadcast_to(reshape(v, ()), shape)
    src = reshape(v, kept)
    empty = _emit(scope, out, f"tensor.empty() : {out.mlir}")
    dims = ", ".join(str(d) for d in added)
    return _emit(scope, out,
                 f"linalg.broadcast ins({src.name} : {src.type.mlir}) "
                 f"outs({empty.name} : {out.mlir}) dimensions = [{dims}]")


_COMPARE = {
    "less": ("slt", "ult", "olt"),
    "less_equal": ("sle", "ule", "ole"),
    "greater": ("sgt", "ugt", "ogt"),
    "greater_equal": ("sge", "uge", "oge"),
    "equal": ("eq", "eq", "oeq"),
    "not_equal": ("ne", "ne", "une"),
}


def compare(name, a, b, scope):
    """Elementwise comparison of two LocalValues of one type."""
    signed, unsigned, floating = _COMPARE[name]
    if is_float(a.dtype):
        op, pred = "cmpf", floating
    else:
        op = "cmpi"
        pred = unsigned if is_unsigned(a.dtype) or is_bool(a.dtype) else \
            signed
    out = TensorType(np.bool_, a.shape)
    return _emit(scope, out,
                 f"arith.{op} {pred}, {a.name}, {b.name} : {a.type.mlir}")


def _arith(op, a, b):
    return _emit(current_scope(), a.type,
                 f"arith.{op} {a.name}, {b.name} : {a.type.mlir}")


def select(c, a, b):
    scope = current_scope()
    if a.shape:
        types = f"{c.type.mlir}, {a.type.mlir}"
    else:
        types = a.type.mlir
    return _emit(scope, a.type,
                 f"arith.select {c.name}, {a.name}, {b.name} : {types}")


def _floor_fix(q_or_r, r, b, scope, adjust):
    """Floors a truncating division: where r != 0 and r, b differ in sign,
    `adjust` the quotient or remainder."""
    zero = constant(scope, 0, r.type)
    nonzero = compare("not_equal", r, zero, scope)
    rneg = compare("less", r, zero, scope)
    bneg = compare("less", b, zero, scope)
    differ = _arith("xori", rneg, bneg)
    fix = _arith("andi", nonzero, differ)
    return select(fix, adjust(q_or_r), q_or_r)


def _int_op(signed, unsigned, floating=None, boolean=None):
    """The emitter picking the arith op by dtype (numpy's bool add is or,
    its bool multiply is and)."""
    def emit(a, b):
        dt = a.dtype
        if boolean is not None and is_bool(dt):
            return _arith(boolean, a, b)
        if is_float(dt):
            if floating is None:
                _fail(f"arith.{signed} has no float form")
            return _arith(floating, a, b)
        return _arith(unsigned if is_unsigned(dt) else signed, a, b)
    return emit


def _floor_divide(a, b):
    dt = a.dtype
    if is_float(dt):
        _fail("floor division of floats is not supported yet")
    if is_unsigned(dt) or is_bool(dt):
        return _arith("divui", a, b)
    q = _arith("divsi", a, b)
    r = _arith("remsi", a, b)
    one = constant(current_scope(), 1, a.type)
    return _floor_fix(q, r, b, current_scope(),
                      lambda q: _arith("subi", q, one))


def _remainder(a, b):
    dt = a.dtype
    if is_unsigned(dt) or is_bool(dt):
        return _arith("remui", a, b)
    r = _arith("remf" if is_float(dt) else "remsi", a, b)
    add = "addf" if is_float(dt) else "addi"
    return _floor_fix(r, r, b, current_scope(), lambda r: _arith(add, r, b))


def _logical(op):
    return lambda a, b: _arith(op, a, b)


# ufunc name -> emitter on two LocalValues of the input dtype.
_BINARY = {
    "add": _int_op("addi", "addi", "addf", "ori"),
    "subtract": _int_op("subi", "subi", "subf"),
    "multiply": _int_op("muli", "muli", "mulf", "andi"),
    "true_divide": _int_op("divf", "divf", "divf"),
    "floor_divide": _floor_divide,
    "remainder": _remainder,
    "bitwise_and": _logical("andi"),
    "bitwise_or": _logical("ori"),
    "bitwise_xor": _logical("xori"),
    "logical_and": _logical("andi"),
    "logical_or": _logical("ori"),
    "logical_xor": _logical("xori"),
    "left_shift": _int_op("shli", "shli"),
    "right_shift": _int_op("shrsi", "shrui"),
    "maximum": _int_op("maxsi", "maxui", "maximumf", "ori"),
    "minimum": _int_op("minsi", "minui", "minimumf", "andi"),
}
for _name in _COMPARE:
    _BINARY[_name] = _name
_dtype_cache = {}


def _result_dtypes(name, a, b):
    """(input dtype, output dtype) of ufunc `name` on a and b, by numpy."""
    key = None
    if not isinstance(a, (int, float, bool)) and not isinstance(
            b, (int, float, bool)):
        key = (name, np.result_type(a.dtype), len(_shape(a)) > 0,
               np.result_type(b.dtype), len(_shape(b)) > 0)
        hit = _dtype_cache.get(key)
        if hit is not None:
            return hit
    ufunc = getattr(np, name)
    sa, sb = _sample(a), _sample(b)
    try:
        with np.errstate(all="ignore"):
            out = np.asarray(ufunc(sa, sb)).dtype
    except TypeError as e:
        _fail(f"numpy.{name}: {e}")
    if name in _COMPARE:
        inp = np.result_type(sa, sb)
    elif name.startswith("logical_"):
        inp = out
    else:
        inp = out
    if key is not None:
        _dtype_cache[key] = (inp, out)
    return inp, out


_same_type = {}


def binary(name, a, b):
    """The numpy ufunc `name` applied to a and b (one of them traced)."""
    scope = _scope()
    if (type(a) is LocalValue and type(b) is LocalValue and a.type == b.type
            and a.scope is scope and b.scope is scope):
        # The common case, made fast: operands of one type, no conversion.
        key = (name, a.type)
        hit = _same_type.get(key)
        if hit is None:
            inp, out = _result_dtypes(name, a, b)
            hit = _same_type[key] = (inp == a.dtype, out)
        if hit[0]:
            emitter = _BINARY[name]
            if isinstance(emitter, str):
                return compare(name, a, b, scope)
            result = emitter(a, b)
            return result if result.dtype == hit[1] else astype(result, hit[1])
    la, lb = lift(a, scope), lift(b, scope)
    ta = la if la is not None else a
    tb = lb if lb is not None else b
    inp, out = _result_dtypes(name, ta, tb)
    try:
        shape = np.broadcast_shapes(_shape(ta), _shape(tb))
    except ValueError as e:
        _fail(f"numpy.{name}: {e}")
    if name.startswith("logical_"):
        inp = np.dtype(np.bool_)
    va = broadcast_to(_convert(ta, la, inp, scope), shape)
    vb = broadcast_to(_convert(tb, lb, inp, scope), shape)
    emitter = _BINARY[name]
    if isinstance(emitter, str):
        return compare(name, va, vb, scope)
    result = emitter(va, vb)
    return result if result.dtype == out else astype(result, out)


def _convert(x, lifted, dtype, scope):
    if lifted is not None:
        return astype(lifted, dtype)
    array = np.asarray(x).astype(dtype)
    return constant(scope, array, TensorType(dtype, array.shape))


def negative(x):
    v = as_value(x, _scope())
    if is_bool(v.dtype):
        _fail("numpy.negative of booleans is not supported (numpy refuses "
              "it too)")
    if is_float(v.dtype):
        return _emit(current_scope(), v.type,
                     f"arith.negf {v.name} : {v.type.mlir}")
    zero = constant(current_scope(), 0, v.type)
    return _arith("subi", zero, v)


def invert(x):
    v = as_value(x, _scope())
    if is_float(v.dtype):
        _fail("numpy.invert of floats is not supported (numpy refuses it "
              "too)")
    ones = constant(current_scope(), True if is_bool(v.dtype) else -1, v.type)
    return _arith("xori", v, ones)


def logical_not(x):
    v = as_value(x, _scope())
    return invert(astype(v, np.dtype(np.bool_)))


def absolute(x):
    v = as_value(x, _scope())
    if is_unsigned(v.dtype) or is_bool(v.dtype):
        return v
    zero = constant(current_scope(), 0, v.type)
    return select(compare("less", v, zero, current_scope()), negative(v), v)


_UNARY = {
    "negative": negative,
    "invert": invert,
    "logical_not": logical_not,
    "absolute": absolute,
    "positive": lambda x: x,
}


def where(cond, a, b):
    scope = _scope()
    la, lb = lift(a, scope), lift(b, scope)
    ta = la if la is not None else a
    tb = lb if lb is not None else b
    out = np.result_type(_sample(ta), _sample(tb))
    shape = np.broadcast_shapes(_shape(cond), _shape(ta), _shape(tb))
    c = broadcast_to(as_value(cond, scope, np.bool_), shape)
    va = broadcast_to(_convert(ta, la, out, scope), shape)
    vb = broadcast_to(_convert(tb, lb, out, scope), shape)
    return select(c, va, vb)


def _index_constant(scope, i):
    (name,) = scope.emit_results(1, f"arith.constant {i} : index",
                                 user_location())
    return name


def reshape(x, shape):
    v = as_value(x, _scope())
    shape = tuple(int(d) for d in (shape if isinstance(shape, (tuple, list))
                                   else (shape,)))
    if -1 in shape:
        known = int(np.prod([d for d in shape if d != -1], dtype=np.int64))
        shape = tuple(v.size // known if d == -1 else d for d in shape)
    if int(np.prod(shape, dtype=np.int64)) != v.size:
        _fail(f"cannot reshape {v.shape} into {shape}")
    if shape == v.shape:
        return v
    scope = current_scope()
    out = TensorType(v.dtype, shape)
    if not v.shape:
        one = TensorType(v.dtype, (1,))
        v = _emit(scope, one, f"tensor.from_elements {v.name} : {one.mlir}")
        if shape == (1,):
            return v
    if not shape:
        zeros = ", ".join(_index_constant(scope, 0) for _ in v.shape)
        return _emit(scope, out, f"tensor.extract {v.name}[{zeros}] : "
                     f"{v.type.mlir}")
    dims = TensorType(np.int64, (len(shape),))
    spec = constant(scope, np.array(shape, np.int64), dims)
    return _emit(scope, out, f"tensor.reshape {v.name}({spec.name}) : "
                 f"({v.type.mlir}, {dims.mlir}) -> {out.mlir}")


def index(v, key):
    """`v[key]` for integers and slices (basic indexing): one
    tensor.extract_slice (or tensor.extract for one element), then a
    reshape that drops the integer-indexed dimensions."""
    scope = _scope()
    v = as_value(v, scope)
    key = key if isinstance(key, tuple) else (key,)
    if any(k is Ellipsis for k in key):
        at = key.index(Ellipsis)
        fill = (slice(None),) * (v.ndim - len(key) + 1)
        key = key[:at] + fill + key[at + 1:]
    if len(key) > v.ndim:
        _fail(f"too many indices ({len(key)}) for {v.ndim} dimensions")
    key = key + (slice(None),) * (v.ndim - len(key))
    offsets, sizes, strides, kept = [], [], [], []
    for k, dim in zip(key, v.shape):
        if isinstance(k, (LocalValue, MPObject)):
            # A traced index: in [0, dim), checked when the program runs.
            offsets.append(as_index(k, scope))
            sizes.append(1), strides.append(1)
        elif isinstance(k, (int, np.integer)):
            i = int(k) + dim if k < 0 else int(k)
            if not 0 <= i < dim:
                _fail(f"index {int(k)} is out of bounds for size {dim}")
            offsets.append(i), sizes.append(1), strides.append(1)
        elif isinstance(k, slice):
            start, stop, step = k.indices(dim)
            if step < 1:
                _fail("slices with a negative step are not supported yet")
            n = len(range(start, stop, step))
            offsets.append(start), sizes.append(n), strides.append(step)
            kept.append(n)
        else:
            _fail(f"indexing with {type(k).__name__} is not supported "
                  "(integers and slices only)")
    if not kept:
        idx = ", ".join(i if isinstance(i, str) else
                        _index_constant(scope, i) for i in offsets)
        return _emit(scope, TensorType(v.dtype, ()),
                     f"tensor.extract {v.name}[{idx}] : {v.type.mlir}")
    if offsets == [0] * v.ndim and tuple(sizes) == v.shape:
        return v
    return reshape(_extract_slice(scope, v, offsets, sizes, strides), kept)


def _slice_text(offsets, sizes, strides):
    """`[offsets] [sizes] [strides]`; an offset is a number or, traced, the
    name of an `index` value (checked against the dimension at run time)."""
    text = ", ".join
    return (f"[{text(map(str, offsets))}] [{text(map(str, sizes))}] "
            f"[{text(map(str, strides))}]")


def _extract_slice(scope, v, offsets, sizes, strides):
    full = TensorType(v.dtype, sizes)
    return _emit(scope, full, f"tensor.extract_slice {v.name}"
                 f"{_slice_text(offsets, sizes, strides)} : {v.type.mlir} to "
                 f"{full.mlir}")


def _start_indices(v, starts, sizes, what):
    if not v.ndim:
        _fail(f"{what} takes an array, not a scalar")
    starts = tuple(starts) if isinstance(starts, (tuple, list)) else (starts,)
    if len(starts) != v.ndim:
        _fail(f"{what} takes one start per dimension ({v.ndim}), not "
              f"{len(starts)}")
    scope = current_scope()
    offsets = []
    for k, n, dim in zip(starts, sizes, v.shape):
        if isinstance(k, (int, np.integer)):
            if not 0 <= int(k) <= dim - n:
                _fail(f"a slice of {n} at {int(k)} does not fit the size "
                      f"{dim}")
            offsets.append(int(k))
        else:
            offsets.append(as_index(k, scope))
    return offsets


def dynamic_slice(x, start_indices, slice_sizes):
    """`x[s0:s0+n0, s1:s1+n1, ...]` with starts that may be traced integers
    (JAX's `lax.dynamic_slice`): one `tensor.extract_slice`. A slice that
    does not fit is a run-time error at this line (JAX clamps instead)."""
    scope = _scope()
    v = as_value(x, scope)
    sizes = tuple(int(n) for n in (
        slice_sizes if isinstance(slice_sizes, (tuple, list))
        else (slice_sizes,)))
    if len(sizes) != v.ndim or any(
            not 0 <= n <= d for n, d in zip(sizes, v.shape)):
        _fail(f"slice sizes {sizes} do not fit the shape {v.shape}")
    offsets = _start_indices(v, start_indices, sizes, "dynamic_slice")
    return _extract_slice(scope, v, offsets, sizes, [1] * v.ndim)


def dynamic_update_slice(x, update, start_indices):
    """`x` with `update` written at the starts, which may be traced integers
    (JAX's `lax.dynamic_update_slice`): one `tensor.insert_slice`."""
    scope = _scope()
    v = as_value(x, scope)
    u = as_value(update, scope, v.dtype)
    if u.ndim != v.ndim or any(n > d for n, d in zip(u.shape, v.shape)):
        _fail(f"an update of shape {u.shape} does not fit the shape "
              f"{v.shape}")
    offsets = _start_indices(v, start_indices, u.shape,
                             "dynamic_update_slice")
    return _emit(scope, v.type, f"tensor.insert_slice {u.name} into "
                 f"{v.name}{_slice_text(offsets, u.shape, [1] * v.ndim)} : "
                 f"{u.type.mlir} into {v.type.mlir}")


def as_index(x, scope):
    """`x` (a Python int or a traced integer scalar) as an `index` SSA
    name."""
    if isinstance(x, (int, np.integer)):
        return _index_constant(scope, int(x))
    v = as_value(x, scope)
    if v.shape or v.dtype.kind not in "iu":
        _fail("indices and loop bounds are integer scalars")
    (name,) = scope.emit_results(
        1, f"arith.index_cast {v.name} : {v.type.mlir} to index",
        user_location())
    return name


def _axes(axis, ndim):
    if axis is None:
        return list(range(ndim))
    axes = [axis] if isinstance(axis, int) else list(axis)
    out = sorted(a + ndim if a < 0 else a for a in axes)
    if any(a < 0 or a >= ndim for a in out) or len(set(out)) != len(out):
        _fail(f"axis {axis} is out of range for {ndim} dimensions")
    return out


def _reduce(v, axis, keepdims, body_op, init):
    scope = current_scope()
    axes = _axes(axis, v.ndim)
    if not axes:
        return v
    kept = tuple(d for i, d in enumerate(v.shape) if i not in axes)
    acc = TensorType(v.dtype, kept)
    if kept:
        outs_t = acc.mlir
        outs = constant(scope, np.full(kept, init, v.dtype), acc)
    else:
        outs_t = f"tensor<{v.type.element}>"
        literal = scalar_literal(init, v.dtype)
        outs = _emit(scope, acc, f"arith.constant dense<{literal}> : "
                     f"{outs_t}")
    el = v.type.element
    x, y, z = scope.trace.fresh(), scope.trace.fresh(), scope.trace.fresh()
    loc = user_location()
    ind = scope.indent
    dims = ", ".join(str(a) for a in axes)
    (name,) = scope.emit_results(
        1, f"linalg.reduce ins({v.name} : {v.type.mlir}) "
        f"outs({outs.name} : {outs_t}) dimensions = [{dims}]\n"
        f"{ind}  ({x}: {el}, {y}: {el}) {{\n"
        f"{ind}    {z} = arith.{body_op} {x}, {y} : {el} {loc}\n"
        f"{ind}    linalg.yield {z} : {el} {loc}\n{ind}  }}", loc)
    if kept:
        result = LocalValue(name, acc, scope)
    else:
        result = _emit(scope, acc, f"tensor.extract {name}[] : {outs_t}")
    if keepdims:
        shape = tuple(1 if i in axes else d for i, d in enumerate(v.shape))
        result = reshape(result, shape)
    return result


def reduce_sum(x, axis=None, dtype=None, keepdims=False):
    v = as_value(x, _scope())
    if dtype is None:
        dtype = np.sum(np.ones((1,), v.dtype)).dtype
    v = astype(v, np.dtype(dtype))
    op = "addf" if is_float(v.dtype) else "addi"
    if is_bool(v.dtype):
        op = "ori"
    return _reduce(v, axis, keepdims, op, 0)


def reduce_minmax(x, axis, keepdims, which):
    v = as_value(x, _scope())
    if v.size == 0:
        _fail(f"numpy.{which} of an empty array")
    dt = v.dtype
    if is_float(dt):
        op = "maximumf" if which == "max" else "minimumf"
        init = -np.inf if which == "max" else np.inf
    elif is_bool(dt):
        op = "ori" if which == "max" else "andi"
        init = which != "max"
    else:
        info = np.iinfo(dt)
        kind = "u" if is_unsigned(dt) else "s"
        op = f"max{kind}i" if which == "max" else f"min{kind}i"
        init = info.min if which == "max" else info.max
    return _reduce(v, axis, keepdims, op, init)


def transpose(x, axes=None):
    v = as_value(x, _scope())
    perm = list(reversed(range(v.ndim))) if axes is None else [
        int(a) % max(v.ndim, 1) for a in axes]
    if sorted(perm) != list(range(v.ndim)):
        _fail(f"axes {axes} are not a permutation of {v.ndim} dimensions")
    if perm == list(range(v.ndim)):
        return v
    out = TensorType(v.dtype, tuple(v.shape[p] for p in perm))
    empty = _emit(current_scope(), out, f"tensor.empty() : {out.mlir}")
    return _emit(current_scope(), out,
                 f"linalg.transpose ins({v.name} : {v.type.mlir}) "
                 f"outs({empty.name} : {out.mlir}) permutation = "
                 f"[{', '.join(str(p) for p in perm)}]")


def matmul(a, b):
    scope = _scope()
    la, lb = lift(a, scope), lift(b, scope)
    ta = la if la is not None else np.asarray(a)
    tb = lb if lb is not None else np.asarray(b)
    dt = np.result_type(_sample(ta), _sample(tb))
    va, vb = _convert(ta, la, dt, scope), _convert(tb, lb, dt, scope)
    if va.ndim not in (1, 2) or vb.ndim not in (1, 2):
        _fail("matmul takes 1-D or 2-D operands here")
    a2 = reshape(va, (1, va.shape[0])) if va.ndim == 1 else va
    b2 = reshape(vb, (vb.shape[0], 1)) if vb.ndim == 1 else vb
    if a2.shape[1] != b2.shape[0]:
        _fail(f"matmul: shapes {va.shape} and {vb.shape} do not align")
    out = TensorType(dt, (a2.shape[0], b2.shape[1]))
    zero = constant(scope, 0, out)
    r = _emit(scope, out,
              f"linalg.matmul ins({a2.name}, {b2.name} : {a2.type.mlir}, "
              f"{b2.type.mlir}) outs({zero.name} : {out.mlir}) -> "
              f"{out.mlir}")
    shape = va.shape[:-1] + vb.shape[1:]
    return reshape(r, shape)


def dot(a, b):
    return matmul(a, b)


def concatenate(arrays, axis=0):
    scope = _scope()
    lifted = [lift(x, scope) for x in arrays]
    raw = [l if l is not None else np.asarray(x)
           for l, x in zip(lifted, arrays)]
    dt = np.result_type(*[_sample(x) for x in raw])
    vals = [_convert(x, l, dt, scope) for x, l in zip(raw, lifted)]
    ndim = vals[0].ndim
    if ndim == 0 or any(v.ndim != ndim for v in vals):
        _fail("concatenate takes arrays of one rank of at least 1")
    axis = axis + ndim if axis < 0 else axis
    shape = list(vals[0].shape)
    shape[axis] = sum(v.shape[axis] for v in vals)
    out = TensorType(dt, shape)
    if len(vals) == 1:
        return vals[0]
    names = ", ".join(v.name for v in vals)
    types = ", ".join(v.type.mlir for v in vals)
    return _emit(scope, out, f"tensor.concat dim({axis}) {names} : "
                 f"({types}) -> {out.mlir}")


def stack(arrays, axis=0):
    scope = _scope()
    vals = [as_value(x, scope) for x in arrays]
    ndim = vals[0].ndim + 1
    axis = axis + ndim if axis < 0 else axis
    expanded = [reshape(v, v.shape[:axis] + (1,) + v.shape[axis:])
                for v in vals]
    return concatenate(expanded, axis)


def _like(fill):
    def make(x, fill_value=None, dtype=None, shape=None):
        value = fill if fill_value is None else fill_value
        t = x.type if isinstance(x, LocalValue) else None
        shape = t.shape if shape is None else shape
        dtype = np.dtype(dtype or t.dtype)
        return np.full(shape, value, dtype)
    return make


_FUNCTIONS = {
    "where": where,
    "sum": reduce_sum,
    "amax": lambda x, axis=None, keepdims=False: reduce_minmax(
        x, axis, keepdims, "max"),
    "max": lambda x, axis=None, keepdims=False: reduce_minmax(
        x, axis, keepdims, "max"),
    "amin": lambda x, axis=None, keepdims=False: reduce_minmax(
        x, axis, keepdims, "min"),
    "min": lambda x, axis=None, keepdims=False: reduce_minmax(
        x, axis, keepdims, "min"),
    "reshape": lambda x, newshape: reshape(x, newshape),
    "transpose": transpose,
    "dot": dot,
    "concatenate": concatenate,
    "stack": stack,
    "zeros_like": lambda x, dtype=None, shape=None: _like(0)(
        x, None, dtype, shape),
    "ones_like": lambda x, dtype=None, shape=None: _like(1)(
        x, None, dtype, shape),
    "full_like": lambda x, fill_value, dtype=None, shape=None: _like(0)(
        x, fill_value, dtype, shape),
    "shape": lambda x: _shape(x),
    "ndim": lambda x: len(_shape(x)),
}
