"""BFV homomorphic encryption inside a party's function (the bfv dialect,
docs/bfv.md). A start: keys, encryption of integer vectors, addition and
subtraction of ciphertexts, decryption.

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
)
from ._trace import user_location
from ._types import OpaqueType, TensorType

__all__ = ["keygen", "encrypt", "decrypt"]

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
    """Ciphertext `+` / `-`: two ciphertexts of one type."""
    def emit(a, b):
        scope = _scope()
        b = as_value(b, scope)
        if not _is_ciphertext(b) or b.type != a.type:
            _fail(f"bfv.{op} takes two ciphertexts of one type")
        t = a.type.mlir
        (out,) = _emit(scope, [a.type],
                       f"bfv.{op} {a.name}, {b.name} : ({t}, {t}) -> {t}")
        return out
    return emit


for _op in ("add", "sub"):
    OBJECT_OPS[("!bfv.ciphertext", _op)] = _binary(_op)


def keygen(n=DEFAULT_N, t=DEFAULT_T):
    """(public key, secret key) of fresh parameters."""
    scope = _scope()
    p = _params(n, t)
    pk, sk = _type("public_key", p), _type("secret_key", p)
    return tuple(_emit(scope, [pk, sk],
                       f"bfv.keygen : {pk.mlir}, {sk.mlir}"))


def _encoder(scope, params):
    enc = _type("encoder", params)
    (e,) = _emit(scope, [enc], f"bfv.create_encoder : {enc.mlir}")
    return e


def encrypt(x, public_key):
    """Encodes the integer vector `x` into slots and encrypts it."""
    scope = _scope()
    v = as_value(x, scope)
    if not isinstance(v, LocalValue) or v.ndim != 1 or v.dtype.kind not in \
            "iu":
        _fail("bfv.encrypt takes a 1-D integer vector")
    pk = as_value(public_key, scope)
    params = _params_of(pk)
    enc = _encoder(scope, params)
    el = v.type.element
    pt = _type("plaintext", params, el)
    (plain,) = _emit(scope, [pt], f"bfv.encode {v.name}, {enc.name} : "
                     f"{v.type.mlir}, {enc.type.mlir} -> {pt.mlir}")
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
    el = c.type.mlir[len("!bfv.ciphertext<"):].split(",")[0]
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
