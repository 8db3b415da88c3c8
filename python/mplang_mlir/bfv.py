"""BFV homomorphic encryption inside a party's function (the bfv dialect,
docs/bfv.md): keys, encryption of integer vectors, `+`, `-` and `*` of
ciphertexts (with each other or with plain vectors, encoded on the fly),
relinearization, slot rotations, sanitizing, decryption.

    def keygen_and_encrypt(x):
        pk, sk = bfv.keygen()
        return pk, sk, bfv.encrypt(x, pk)

Parameters are `n` (the polynomial degree, the slot count) and `t` (the
plaintext modulus); the coefficient modulus is the standard one of `n`.
"""

from ._local import (
    OBJECT_OPS,
    LocalObject,
    LocalValue,
    _fail,
    _scope,
    as_value,
    astype,
)
from ._trace import user_location
from ._types import RUNTIME_DTYPE, OpaqueType, TensorType

__all__ = ["keygen", "relin_keys", "galois_keys", "encrypt", "decrypt",
           "relinearize", "rotate", "sanitize"]

DEFAULT_N = 4096
DEFAULT_T = 1032193


def _params(n, t):
    return f"#bfv.params<n = {n}, t = {t}>"


def _type(kind, params, element=None):
    inner = f"{element}, {params}" if element else params
    return OpaqueType(f"!bfv.{kind}<{inner}>")


def _emit(scope, types, text):
    names = scope.emit_results(len(types), text, user_location())
    return [LocalObject(n, t, scope) for n, t in zip(names, types)]


def _params_of(obj):
    """The `#bfv.params<...>` inside a BFV type's spelling."""
    text = obj.type.mlir
    return text[text.index("#bfv.params"):-1]


def _is_ciphertext(x):
    return isinstance(x, LocalObject) and x.type.mlir.startswith(
        "!bfv.ciphertext<")


def _binary(op):
    """Ciphertext `+`, `-`, `*`: with a ciphertext of its type, or with a
    plain integer vector (encoded into slots first)."""
    def emit(a, b, reverse=False):
        scope = _scope()
        b = as_value(b, scope)
        if isinstance(b, LocalValue):
            b = _encode(scope, b, _params_of(a), _element_of(a))
        elif not _is_ciphertext(b) or b.type != a.type:
            _fail(f"bfv.{op} takes two ciphertexts of one type or a "
                  "ciphertext and an integer vector")
        lhs, rhs = (b, a) if reverse else (a, b)
        (out,) = _emit(scope, [a.type],
                       f"bfv.{op} {lhs.name}, {rhs.name} : "
                       f"({lhs.type.mlir}, {rhs.type.mlir}) -> {a.type.mlir}")
        return out
    return emit


for _op in ("add", "sub", "mul"):
    _impl = _binary(_op)
    OBJECT_OPS[("!bfv.ciphertext", _op)] = _impl
    OBJECT_OPS[("!bfv.ciphertext", "r" + _op)] = (
        lambda a, b, impl=_impl: impl(a, b, reverse=True))


def _element_of(c):
    return c.type.mlir[len("!bfv.ciphertext<"):].split(",")[0]


def keygen(n=DEFAULT_N, t=DEFAULT_T):
    """(public key, secret key) of fresh parameters."""
    scope = _scope()
    p = _params(n, t)
    pk, sk = _type("public_key", p), _type("secret_key", p)
    return tuple(_emit(scope, [pk, sk],
                       f"bfv.keygen : {pk.mlir}, {sk.mlir}"))


def _encoder(scope, params):
    """The encoder of `params` in this block, created at its first use."""
    key = ("bfv.encoder", params)
    if key not in scope.memo:
        enc = _type("encoder", params)
        (scope.memo[key],) = _emit(scope, [enc],
                                   f"bfv.create_encoder : {enc.mlir}")
    return scope.memo[key]


def _encode(scope, v, params, element=None):
    """The integer vector `v` encoded into slots (as `element` if given)."""
    if v.ndim != 1 or v.dtype.kind not in "iu":
        _fail("bfv encodes 1-D integer vectors")
    if element is not None and v.type.element != element:
        v = astype(v, RUNTIME_DTYPE[element])
    enc = _encoder(scope, params)
    pt = _type("plaintext", params, v.type.element)
    (plain,) = _emit(scope, [pt], f"bfv.encode {v.name}, {enc.name} : "
                     f"{v.type.mlir}, {enc.type.mlir} -> {pt.mlir}")
    return plain


def relin_keys(secret_key):
    """Relinearization keys (public material) of a secret key."""
    scope = _scope()
    sk = as_value(secret_key, scope)
    rk = _type("relin_key", _params_of(sk))
    (out,) = _emit(scope, [rk], f"bfv.make_relin_keys {sk.name} : "
                   f"{sk.type.mlir}")
    return out


def galois_keys(secret_key, steps=None):
    """Rotation keys for `steps` (default: the powers of two, which compose
    to any rotation)."""
    scope = _scope()
    sk = as_value(secret_key, scope)
    params = _params_of(sk)
    if steps is None:
        gk, attr = OpaqueType(f"!bfv.galois_key<{params}>"), ""
    else:
        steps = sorted(set(int(s) for s in steps))
        listed = ", ".join(str(s) for s in steps)
        gk = OpaqueType(f"!bfv.galois_key<{params}, steps = [{listed}]>")
        attr = f" steps [{listed}]"
    (out,) = _emit(scope, [gk], f"bfv.make_galois_keys {sk.name}{attr} : "
                   f"{sk.type.mlir}")
    return out


def relinearize(ciphertext, relin_key):
    """A product back to two polynomials (before rotating it or
    multiplying again)."""
    scope = _scope()
    c, rk = as_value(ciphertext, scope), as_value(relin_key, scope)
    (out,) = _emit(scope, [c.type], f"bfv.relinearize {c.name}, {rk.name} :"
                   f" {c.type.mlir}, {rk.type.mlir}")
    return out


def rotate(ciphertext, galois_key, steps):
    """Each row of N/2 slots rotated left by `steps` (right if negative)."""
    scope = _scope()
    c, gk = as_value(ciphertext, scope), as_value(galois_key, scope)
    (out,) = _emit(scope, [c.type], f"bfv.rotate {c.name}, {gk.name} by "
                   f"{int(steps)} : {c.type.mlir}, {gk.type.mlir}")
    return out


def sanitize(ciphertext, public_key, security=40):
    """The ciphertext rerandomized, switched to its first prime and with its
    noise flooded, to go back to the key holder: its noise then reveals
    nothing of how it was computed (statistical distance 2^-security), which
    the compiler checks. Mask the slots the key holder must not see first
    (multiply by a 0/1 vector)."""
    scope = _scope()
    c, pk = as_value(ciphertext, scope), as_value(public_key, scope)
    if not _is_ciphertext(c):
        _fail("bfv.sanitize takes a ciphertext")
    attr = "" if security == 40 else f" security {int(security)}"
    (out,) = _emit(scope, [c.type], f"bfv.sanitize {c.name}, {pk.name}{attr}"
                   f" : {c.type.mlir}, {pk.type.mlir}")
    return out


def encrypt(x, public_key):
    """Encodes the integer vector `x` into slots and encrypts it."""
    scope = _scope()
    v = as_value(x, scope)
    if not isinstance(v, LocalValue):
        _fail("bfv.encrypt takes a 1-D integer vector")
    pk = as_value(public_key, scope)
    params = _params_of(pk)
    plain = _encode(scope, v, params)
    pt, el = plain.type, v.type.element
    ct = _type("ciphertext", params, el)
    (c,) = _emit(scope, [ct], f"bfv.encrypt {plain.name}, {pk.name} : "
                 f"{pt.mlir}, {pk.type.mlir}")
    return c


def decrypt(ciphertext, secret_key, size, dtype="int64"):
    """The first `size` slots of the decrypted ciphertext."""
    scope = _scope()
    c = as_value(ciphertext, scope)
    sk = as_value(secret_key, scope)
    if not _is_ciphertext(c):
        _fail("bfv.decrypt takes a ciphertext")
    params = _params_of(c)
    el = _element_of(c)
    pt = _type("plaintext", params, el)
    (plain,) = _emit(scope, [pt], f"bfv.decrypt {c.name}, {sk.name} : "
                     f"{c.type.mlir}, {sk.type.mlir}")
    enc = _encoder(scope, params)
    out = TensorType(dtype, (size,))
    if out.element != el:
        _fail(f"bfv.decrypt: the slots are {el}, not {out.element}")
    (name,) = scope.emit_results(
        1, f"bfv.decode {plain.name}, {enc.name} : {pt.mlir}, "
        f"{enc.type.mlir} -> {out.mlir}", user_location())
    return LocalValue(name, out, scope)
