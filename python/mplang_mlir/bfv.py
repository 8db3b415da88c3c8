"""BFV homomorphic encryption inside a party's function (the bfv dialect,
docs/bfv.md), with upstream mplang's calls:

    def keygen_and_encrypt(x):
        pk, sk = bfv.keygen()        # poly_modulus_degree=4096, plain_modulus=1032193
        return pk, sk, bfv.encrypt(x, pk)

`encrypt` takes an integer vector (encoded on the fly) or a plaintext from
`encode`; `+`, `-`, `*` (or `add`, `sub`, `mul`) combine a ciphertext with a
ciphertext, a plaintext or an integer vector. `decrypt(ct, sk)` gives a
plaintext for `decode`; `decrypt(ct, sk, size)` the first `size` slots at
once. The coefficient modulus is the standard one of the degree.

`make_galois_keys(sk)` makes keys for exactly the rotation steps the traced
program applies with them (`rotate(ct, steps, gk)`); pass `steps=` for keys
used by another program. `sanitize(ct, pk)` floods a ciphertext's noise
before it goes back to the key holder.
"""

import re

from ._local import (
    OBJECT_OPS,
    LocalObject,
    LocalValue,
    _fail,
    _scope,
    as_value,
    astype,
    emit_op,
)
from ._types import RUNTIME_DTYPE, OpaqueType, TensorType

__all__ = ["keygen", "make_relin_keys", "make_galois_keys", "create_encoder",
           "encode", "batch_encode", "decode", "encrypt",
           "encrypt_symmetric", "decrypt", "add", "sub", "mul", "relinearize",
           "rotate", "rotate_columns", "mod_switch", "sanitize"]

DEFAULT_N = 4096
DEFAULT_T = 1032193


def _params(n, t):
    return f"#bfv.params<n = {int(n)}, t = {int(t)}>"


def _type(kind, params, element=None):
    inner = f"{element}, {params}" if element else params
    return OpaqueType(f"!bfv.{kind}<{inner}>")


def _params_of(obj):
    """The `#bfv.params<...>` inside a BFV type's spelling."""
    text = obj.type.mlir
    start = text.index("#bfv.params<")
    depth = 0
    for i in range(start, len(text)):
        depth += {"<": 1, ">": -1}.get(text[i], 0)
        if text[i] == ">" and depth == 0:
            return text[start:i + 1]
    _fail(f"malformed BFV type {text}")


def _kind(x):
    return x.type.kind if isinstance(x, LocalObject) else None


def _element_of(obj):
    """The slots' integer type of a plaintext or ciphertext."""
    return obj.type.mlir[obj.type.mlir.index("<") + 1:].split(",")[0]


def _object(x, kind, what):
    """`x` as a LocalObject of `!bfv.<kind>`, or a TraceError."""
    v = as_value(x, _scope())
    if _kind(v) != f"!bfv.{kind}":
        _fail(f"{what} takes a {kind.replace('_', ' ')}")
    return v


def keygen(poly_modulus_degree=DEFAULT_N, plain_modulus=DEFAULT_T):
    """(public key, secret key) for N = `poly_modulus_degree` slots and the
    plain modulus t = `plain_modulus`."""
    p = _params(poly_modulus_degree, plain_modulus)
    pk, sk = _type("public_key", p), _type("secret_key", p)
    return tuple(emit_op(f"bfv.keygen : {pk.mlir}, {sk.mlir}", [pk, sk]))


def make_relin_keys(secret_key):
    """Relinearization keys (public material) of a secret key."""
    sk = _object(secret_key, "secret_key", "make_relin_keys")
    rk = _type("relin_key", _params_of(sk))
    (out,) = emit_op(f"bfv.make_relin_keys {sk.name} : {sk.type.mlir}", [rk])
    return out


_GALOIS = re.compile(r"\$galois(\d+)([ta])\$")


def make_galois_keys(secret_key, steps=None):
    """Rotation keys (public material) for `steps`; by default for the
    steps that the traced program's `rotate` calls use with these keys."""
    sk = _object(secret_key, "secret_key", "make_galois_keys")
    params = _params_of(sk)
    if steps is None:
        trace = _scope().trace
        key = len(trace.galois_steps)
        trace.galois_steps.append(set())
        type_part, attr = f"$galois{key}t$", f"$galois{key}a$"
    else:
        listed = ", ".join(str(s) for s in sorted(set(int(s)
                                                      for s in steps)))
        type_part, attr = f", steps = [{listed}]", f" steps [{listed}]"
    gk = OpaqueType(f"!bfv.galois_key<{params}{type_part}>")
    (out,) = emit_op(f"bfv.make_galois_keys {sk.name}{attr} : "
                     f"{sk.type.mlir}", [gk])
    return out


def resolve_galois_steps(trace, text):
    """`text` with each key's step placeholders replaced by the steps its
    rotations used (no rotation: the power-of-two default set)."""
    def steps(match):
        used = sorted(trace.galois_steps[int(match.group(1))])
        if not used:
            return ""
        listed = ", ".join(str(s) for s in used)
        return (f", steps = [{listed}]" if match.group(2) == "t"
                else f" steps [{listed}]")
    return _GALOIS.sub(steps, text)


def create_encoder(poly_modulus_degree=DEFAULT_N, plain_modulus=DEFAULT_T):
    """The batch encoder of the parameters."""
    enc = _type("encoder", _params(poly_modulus_degree, plain_modulus))
    (e,) = emit_op(f"bfv.create_encoder : {enc.mlir}", [enc])
    return e


def _encoder_for(params):
    """The encoder of `params` in this block, created at its first use, as
    a hand-written program creates one."""
    scope = _scope()
    key = ("bfv.encoder", params)
    if key not in scope.memo:
        enc = _type("encoder", params)
        (scope.memo[key],) = emit_op(f"bfv.create_encoder : {enc.mlir}",
                                     [enc])
    return scope.memo[key]


def _integer_vector(x, what):
    v = as_value(x, _scope())
    if not isinstance(v, LocalValue) or v.ndim != 1 or \
            v.dtype.kind not in "iu":
        _fail(f"{what} takes a 1-D integer vector")
    return v


def encode(tensor, encoder, element=None):
    """An integer vector into a plaintext's slots (zeros after it)."""
    v = _integer_vector(tensor, "bfv.encode")
    enc = _object(encoder, "encoder", "bfv.encode")
    if element is not None and v.type.element != element:
        v = astype(v, RUNTIME_DTYPE[element])
    pt = _type("plaintext", _params_of(enc), v.type.element)
    (plain,) = emit_op(f"bfv.encode {v.name}, {enc.name} : {v.type.mlir}, "
                       f"{enc.type.mlir} -> {pt.mlir}", [pt])
    return plain


def batch_encode(tensor, encoder, key=None):
    """Each row of an integer matrix into a plaintext (upstream's `key`
    argument is accepted and not needed)."""
    v = as_value(tensor, _scope())
    if not isinstance(v, LocalValue) or v.ndim != 2 or \
            v.dtype.kind not in "iu":
        _fail("bfv.batch_encode takes a 2-D integer matrix")
    enc = _object(encoder, "encoder", "bfv.batch_encode")
    pt = _type("plaintext", _params_of(enc), v.type.element)
    types = [pt] * v.shape[0]
    return emit_op(f"bfv.batch_encode {v.name}, {enc.name} : {v.type.mlir}, "
                   f"{enc.type.mlir} -> {', '.join(t.mlir for t in types)}",
                   types)


def decode(plain, encoder, size=None):
    """The first `size` slots of a plaintext (default: all N)."""
    pt = _object(plain, "plaintext", "bfv.decode")
    enc = _object(encoder, "encoder", "bfv.decode")
    if size is None:
        size = int(re.search(r"n = (\d+)", _params_of(pt)).group(1))
    out = TensorType(RUNTIME_DTYPE[_element_of(pt)], (int(size),))
    (v,) = emit_op(f"bfv.decode {pt.name}, {enc.name} : {pt.type.mlir}, "
                   f"{enc.type.mlir} -> {out.mlir}", [out])
    return v


def _plaintext(x, params, element=None):
    """`x` as a plaintext of `params`: plaintexts as they are, integer
    vectors encoded."""
    v = as_value(x, _scope())
    if _kind(v) == "!bfv.plaintext":
        return v
    if not isinstance(v, LocalValue):
        _fail("expected a plaintext or a 1-D integer vector")
    return encode(v, _encoder_for(params), element)


def _encrypt(op, plain, key, kind):
    k = _object(key, kind, f"bfv.{op}")
    pt = _plaintext(plain, _params_of(k))
    ct = _type("ciphertext", _params_of(k), _element_of(pt))
    (c,) = emit_op(f"bfv.{op} {pt.name}, {k.name} : {pt.type.mlir}, "
                   f"{k.type.mlir}", [ct])
    return c


def encrypt(plain, public_key):
    """Encrypts a plaintext or an integer vector under the public key."""
    return _encrypt("encrypt", plain, public_key, "public_key")


def encrypt_symmetric(plain, secret_key):
    """Encrypts under the secret key: seeded, half the bytes of
    `encrypt`'s ciphertexts until an operation changes them."""
    return _encrypt("encrypt_symmetric", plain, secret_key, "secret_key")


def decrypt(ciphertext, secret_key, size=None, dtype=None):
    """The plaintext of a ciphertext; with `size`, its first `size` slots
    decoded (as `dtype` if given, which must be the slots' type)."""
    c = _object(ciphertext, "ciphertext", "bfv.decrypt")
    sk = _object(secret_key, "secret_key", "bfv.decrypt")
    pt = _type("plaintext", _params_of(c), _element_of(c))
    (plain,) = emit_op(f"bfv.decrypt {c.name}, {sk.name} : {c.type.mlir}, "
                       f"{sk.type.mlir}", [pt])
    if size is None:
        return plain
    if dtype is not None and TensorType(dtype).element != _element_of(c):
        _fail(f"bfv.decrypt: the slots are {_element_of(c)}, not "
              f"{TensorType(dtype).element}")
    return decode(plain, _encoder_for(_params_of(c)), size)


def _binary(op):
    """`op` of a ciphertext with a ciphertext of its type, a plaintext or
    an integer vector (encoded into slots first), in either order."""
    def emit(a, b):
        a, b = as_value(a, _scope()), as_value(b, _scope())
        ct = a if _kind(a) == "!bfv.ciphertext" else b
        if _kind(ct) != "!bfv.ciphertext":
            _fail(f"bfv.{op} takes at least one ciphertext")
        other = b if ct is a else a
        if _kind(other) == "!bfv.ciphertext":
            if other.type != ct.type:
                _fail(f"bfv.{op} of ciphertexts of two types")
        else:
            other = _plaintext(other, _params_of(ct), _element_of(ct))
        lhs, rhs = (ct, other) if ct is a else (other, ct)
        (out,) = emit_op(f"bfv.{op} {lhs.name}, {rhs.name} : "
                         f"({lhs.type.mlir}, {rhs.type.mlir}) -> "
                         f"{ct.type.mlir}", [ct.type])
        return out
    return emit


add, sub, mul = _binary("add"), _binary("sub"), _binary("mul")
for _kind_name in ("!bfv.ciphertext", "!bfv.plaintext"):
    for _name, _impl in (("add", add), ("sub", sub), ("mul", mul)):
        OBJECT_OPS[(_kind_name, _name)] = _impl
        OBJECT_OPS[(_kind_name, "r" + _name)] = (
            lambda a, b, impl=_impl: impl(b, a))


def relinearize(ciphertext, relin_key):
    """A product back to two polynomials (before rotating it or
    multiplying again)."""
    c = _object(ciphertext, "ciphertext", "bfv.relinearize")
    rk = _object(relin_key, "relin_key", "bfv.relinearize")
    (out,) = emit_op(f"bfv.relinearize {c.name}, {rk.name} : {c.type.mlir},"
                     f" {rk.type.mlir}", [c.type])
    return out


def rotate(ciphertext, steps, galois_key):
    """Each row of N/2 slots rotated left by `steps` (right if negative)."""
    c = _object(ciphertext, "ciphertext", "bfv.rotate")
    gk = _object(galois_key, "galois_key", "bfv.rotate")
    steps = int(steps)
    placeholder = _GALOIS.search(gk.type.mlir)
    if placeholder and steps:
        gk.scope.trace.galois_steps[int(placeholder.group(1))].add(steps)
    (out,) = emit_op(f"bfv.rotate {c.name}, {gk.name} by {steps} : "
                     f"{c.type.mlir}, {gk.type.mlir}", [c.type])
    return out


def rotate_columns(ciphertext, galois_key):
    """The two slot rows swapped."""
    c = _object(ciphertext, "ciphertext", "bfv.rotate_columns")
    gk = _object(galois_key, "galois_key", "bfv.rotate_columns")
    (out,) = emit_op(f"bfv.rotate_columns {c.name}, {gk.name} : "
                     f"{c.type.mlir}, {gk.type.mlir}", [c.type])
    return out


def sanitize(ciphertext, public_key, security=40):
    """The ciphertext rerandomized, switched to its first prime and with its
    noise flooded, to go back to the key holder: its noise then reveals
    nothing of how it was computed (statistical distance 2^-security), which
    the compiler checks. Mask the slots the key holder must not see first
    (multiply by a 0/1 vector)."""
    c = _object(ciphertext, "ciphertext", "bfv.sanitize")
    pk = _object(public_key, "public_key", "bfv.sanitize")
    attr = "" if security == 40 else f" security {int(security)}"
    (out,) = emit_op(f"bfv.sanitize {c.name}, {pk.name}{attr} : "
                     f"{c.type.mlir}, {pk.type.mlir}", [c.type])
    return out


def mod_switch(ciphertext, drop=1):
    """The ciphertext with its last `drop` primes dropped: smaller to send
    back, and then only decryptable."""
    c = _object(ciphertext, "ciphertext", "bfv.mod_switch")
    (out,) = emit_op(f"bfv.mod_switch {c.name} drop {int(drop)} : "
                     f"{c.type.mlir}", [c.type])
    return out
