"""Standard cryptography inside a party's function (the crypto dialect,
docs/crypto.md): randomness from the OS, SHA-256, HKDF, AES-256-GCM, X25519
key agreement and the P-256 group.

Byte strings are uint8 vectors (any integer array is hashed or encrypted as
its little-endian bytes). Points and scalars of P-256 are traced objects
with a shape: one (`shape=()`) or a batch.

    def shared_key(my_secret, their_public):
        return crypto.hkdf(crypto.agree(my_secret, their_public),
                           np.zeros(0, np.uint8), b"mplang", 32)
"""

import numpy as np

from ._local import LocalObject, LocalValue, _fail, _scope, as_value, emit_op
from ._types import ObjectTensor, OpaqueType, TensorType

__all__ = ["random_bytes", "hash", "hash_batch", "hkdf", "aes_gcm_encrypt",
           "aes_gcm_decrypt", "keygen", "public_key", "agree",
           "key_from_bytes", "key_to_bytes", "generator", "point_add",
           "point_sub", "scalar_mul", "base_mul", "scalar_add", "scalar_sub",
           "scalar_product", "scalar_inverse", "random_scalar",
           "point_to_bytes", "point_from_bytes", "scalar_to_bytes",
           "scalar_from_bytes", "bit_transpose"]

_BYTES = np.dtype(np.uint8)


def _data(x, what):
    """`x` as a LocalValue; Python bytes become uint8 vectors."""
    if isinstance(x, (bytes, bytearray)):
        x = np.frombuffer(bytes(x), np.uint8)
    v = as_value(x, _scope())
    if not isinstance(v, LocalValue):
        _fail(f"{what} takes an array")
    return v


def _byte_vector(x, what):
    v = _data(x, what)
    if v.ndim != 1 or v.dtype.kind not in "iu" or v.dtype.itemsize != 1:
        _fail(f"{what} takes a 1-D byte vector (uint8)")
    return v


def _words(nbytes, dtype, what, lead=()):
    dtype = np.dtype(dtype)
    if dtype.kind not in "iu" or nbytes % dtype.itemsize:
        _fail(f"{what}: {nbytes} bytes are not whole {dtype} words")
    return TensorType(dtype, lead + (nbytes // dtype.itemsize,))


def _nbytes(v):
    return v.size * v.dtype.itemsize


def _unary(op, v, out):
    (r,) = emit_op(f"crypto.{op} {v.name} : {v.type.mlir} -> {out.mlir}",
                   [out])
    return r


def random_bytes(shape, dtype=np.uint8):
    """Uniform random words of `dtype` from the OS CSPRNG."""
    out = TensorType(dtype, tuple(np.atleast_1d(shape)))
    (r,) = emit_op(f"crypto.random_bytes : {out.mlir}", [out])
    return r


def hash(data, dtype=np.uint8):  # noqa: A001 (the dialect's name)
    """SHA-256 of the data's bytes: 32 bytes, as words of `dtype`."""
    v = _data(data, "crypto.hash")
    return _unary("hash", v, _words(32, dtype, "crypto.hash"))


def hash_batch(rows, dtype=np.uint8):
    """SHA-256 of each row's bytes: (n, ...) -> (n, 32 bytes as `dtype`)."""
    v = _data(rows, "crypto.hash_batch")
    if not v.ndim:
        _fail("crypto.hash_batch takes rows")
    return _unary("hash_batch", v,
                  _words(32, dtype, "crypto.hash_batch", v.shape[:1]))


def hkdf(ikm, salt, info, length, dtype=np.uint8):
    """RFC 5869 HKDF-SHA256: `length` bytes, as words of `dtype`."""
    k = _data(ikm, "crypto.hkdf")
    s, i = _byte_vector(salt, "crypto.hkdf"), _byte_vector(info, "crypto.hkdf")
    out = _words(int(length), dtype, "crypto.hkdf")
    (r,) = emit_op(f"crypto.hkdf {k.name}, {s.name}, {i.name} : "
                   f"{k.type.mlir}, {s.type.mlir}, {i.type.mlir} -> "
                   f"{out.mlir}", [out])
    return r


def _gcm(op, key, nonce, data, aad, out):
    k = _byte_vector(key, f"crypto.{op}")
    n = _byte_vector(nonce, f"crypto.{op}")
    operands = [k, n, data]
    aad_text = ""
    if aad is not None:
        a = _byte_vector(aad, f"crypto.{op}")
        operands.append(a)
        aad_text = f" aad {a.name}"
    types = ", ".join(v.type.mlir for v in operands)
    (r,) = emit_op(f"crypto.{op} {k.name}, {n.name}, {data.name}{aad_text} "
                   f": ({types}) -> {out.mlir}", [out])
    return r


def aes_gcm_encrypt(key, nonce, data, aad=None):
    """AES-256-GCM of the data's bytes: the ciphertext and its 16-byte tag
    (uint8). `key` has 32 bytes, `nonce` 12, never reused under a key."""
    v = _data(data, "crypto.aes_gcm_encrypt")
    out = TensorType(_BYTES, (_nbytes(v) + 16,))
    return _gcm("aes_gcm_encrypt", key, nonce, v, aad, out)


def aes_gcm_decrypt(key, nonce, ciphertext, shape, dtype, aad=None):
    """The data of `aes_gcm_encrypt`, as `dtype` of `shape`; a run-time
    error if the tag does not verify."""
    c = _byte_vector(ciphertext, "crypto.aes_gcm_decrypt")
    out = TensorType(dtype, shape)
    return _gcm("aes_gcm_decrypt", key, nonce, c, aad, out)


_X25519_SK = OpaqueType("!crypto.private_key<x25519>")
_X25519_PK = OpaqueType("!crypto.public_key<x25519>")


def _key(x, key_type, what):
    v = as_value(x, _scope())
    if not isinstance(v, LocalObject) or v.type != key_type:
        _fail(f"{what} takes a {key_type.mlir}")
    return v


def keygen():
    """A fresh X25519 private key."""
    (r,) = emit_op(f"crypto.keygen : {_X25519_SK.mlir}", [_X25519_SK])
    return r


def public_key(private_key):
    """The X25519 public key of a private key."""
    return _unary("public_key", _key(private_key, _X25519_SK,
                                     "crypto.public_key"), _X25519_PK)


def agree(private_key, peer_public_key):
    """The 32-byte X25519 shared secret (uint8)."""
    sk = _key(private_key, _X25519_SK, "crypto.agree")
    pk = _key(peer_public_key, _X25519_PK, "crypto.agree")
    out = TensorType(_BYTES, (32,))
    (r,) = emit_op(f"crypto.agree {sk.name}, {pk.name} : {sk.type.mlir}, "
                   f"{pk.type.mlir} -> {out.mlir}", [out])
    return r


def key_from_bytes(data, private=False):
    """An X25519 public (or private) key from its 32 RFC 7748 bytes."""
    v = _byte_vector(data, "crypto.key_from_bytes")
    return _unary("key_from_bytes", v, _X25519_SK if private else _X25519_PK)


def key_to_bytes(key):
    """The 32 bytes of an X25519 key (uint8)."""
    v = as_value(key, _scope())
    if not isinstance(v, LocalObject) or v.type not in (_X25519_SK,
                                                        _X25519_PK):
        _fail("crypto.key_to_bytes takes an X25519 key")
    return _unary("key_to_bytes", v, TensorType(_BYTES, (32,)))


def _point(shape=()):
    return ObjectTensor("!crypto.point<p256>", shape, bare=True)


def _scalar(shape=()):
    return ObjectTensor("!crypto.scalar<p256>", shape, bare=True)


def _group(x, kind, what):
    v = as_value(x, _scope())
    if not isinstance(v, LocalObject) or v.type.kind != f"!crypto.{kind}":
        _fail(f"{what} takes P-256 {kind}s")
    return v


def _broadcast(a, b, what):
    if a.shape and b.shape and a.shape != b.shape:
        _fail(f"{what} of shapes {a.shape} and {b.shape}")
    return a.type if a.shape else b.type


def _binary(op, kind):
    def emit(a, b):
        x, y = _group(a, kind, f"crypto.{op}"), _group(b, kind,
                                                       f"crypto.{op}")
        out = _broadcast(x, y, f"crypto.{op}")
        (r,) = emit_op(f"crypto.{op} {x.name}, {y.name} : {x.type.mlir}, "
                       f"{y.type.mlir} -> {out.mlir}", [out])
        return r
    emit.__name__ = op
    emit.__doc__ = f"Elementwise {op.replace('_', ' ')} (one side may be " \
        "a single element)."
    return emit


point_add = _binary("point_add", "point")
point_sub = _binary("point_sub", "point")
scalar_add = _binary("scalar_add", "scalar")
scalar_sub = _binary("scalar_sub", "scalar")
scalar_product = _binary("scalar_product", "scalar")


def generator():
    """The generator of P-256."""
    (r,) = emit_op(f"crypto.generator : {_point().mlir}", [_point()])
    return r


def scalar_mul(scalars, points):
    """Each point times its scalar (one side may be a single element)."""
    s = _group(scalars, "scalar", "crypto.scalar_mul")
    p = _group(points, "point", "crypto.scalar_mul")
    out = _point(_broadcast(s, p, "crypto.scalar_mul").shape)
    (r,) = emit_op(f"crypto.scalar_mul {s.name}, {p.name} : {s.type.mlir}, "
                   f"{p.type.mlir} -> {out.mlir}", [out])
    return r


def base_mul(scalars):
    """Each scalar times the generator."""
    s = _group(scalars, "scalar", "crypto.base_mul")
    return _unary("base_mul", s, _point(s.shape))


def scalar_inverse(scalars):
    """Each scalar's inverse modulo the group order."""
    s = _group(scalars, "scalar", "crypto.scalar_inverse")
    return _unary("scalar_inverse", s, s.type)


def random_scalar(shape=()):
    """Uniform nonzero scalars from the OS CSPRNG."""
    out = _scalar(shape)
    (r,) = emit_op(f"crypto.random_scalar : {out.mlir}", [out])
    return r


def point_to_bytes(points):
    """33-byte SEC1 compressed encodings: (...) -> (..., 33) uint8."""
    p = _group(points, "point", "crypto.point_to_bytes")
    return _unary("point_to_bytes", p, TensorType(_BYTES, p.shape + (33,)))


def point_from_bytes(data):
    """Points from 33-byte encodings, validated (a run-time error if one is
    not on the curve)."""
    v = _data(data, "crypto.point_from_bytes")
    if not v.ndim or v.shape[-1] != 33:
        _fail("crypto.point_from_bytes takes rows of 33 bytes")
    return _unary("point_from_bytes", v, _point(v.shape[:-1]))


def scalar_to_bytes(scalars):
    """32 big-endian bytes per scalar: (...) -> (..., 32) uint8."""
    s = _group(scalars, "scalar", "crypto.scalar_to_bytes")
    return _unary("scalar_to_bytes", s, TensorType(_BYTES, s.shape + (32,)))


def scalar_from_bytes(data):
    """Scalars from rows of 32 big-endian bytes, reduced modulo the order."""
    v = _data(data, "crypto.scalar_from_bytes")
    if not v.ndim or v.shape[-1] != 32:
        _fail("crypto.scalar_from_bytes takes rows of 32 bytes")
    return _unary("scalar_from_bytes", v, _scalar(v.shape[:-1]))


def bit_transpose(matrix, dtype=None):
    """The transpose of an R x C bit matrix held in rows of words, in words
    of `dtype` (default: the input's)."""
    v = _data(matrix, "crypto.bit_transpose")
    if v.ndim != 2 or v.dtype.kind not in "iu":
        _fail("crypto.bit_transpose takes a 2-D integer matrix")
    rows, cols = v.shape[0], v.shape[1] * v.dtype.itemsize * 8
    dtype = np.dtype(dtype or v.dtype)
    out = _words(rows // 8, dtype, "crypto.bit_transpose", (cols,))
    return _unary("bit_transpose", v, out)
