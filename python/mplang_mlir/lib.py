"""The protocol library (lib/Protocols, docs/protocols.md) as Python calls
with plain sizes: each call names the library's function for the size of
its inputs (padded where the protocol needs it). The C++ linker
instantiates the function's template for that size, specialized to the
parties of the call."""

import numpy as np

from . import bfv, field, simp
from ._local import LocalValue
from ._local import _scope as _local_scope
from ._trace import (
    MPObject,
    check_visible,
    location_text,
    require_global_scope,
    user_location,
)
from ._errors import TraceError
from ._types import MPType, TensorType

__all__ = ["call", "psi", "psi_unbalanced_setup", "psi_unbalanced_query",
           "ot", "vole", "random_vole",
           "oblivious_groupby_sum_bfv"]


def _fail(message):
    raise TraceError(f"{location_text(user_location())}: {message}")


def call(name, result_types, *args):
    """`func.call @name(args)`: a function the module declares and the
    linker takes from the library; returns one value per result type."""
    scope = require_global_scope(f"mp.lib.call(@{name})")
    loc = user_location()
    for a in args:
        if not isinstance(a, MPObject):
            _fail(f"@{name} takes multi-party values")
        check_visible(a, scope)
    arg_types = ", ".join(a.type.mlir for a in args)
    res_types = ", ".join(t.mlir for t in result_types)
    decl = f"func.func private @{name}({arg_types}) -> ({res_types})"
    if scope.trace.declarations.setdefault(name, decl) != decl:
        _fail(f"@{name} is called with two signatures")
    names = scope.emit_results(
        len(result_types), f"func.call @{name}("
        f"{', '.join(a.name for a in args)}) : ({arg_types}) -> "
        f"({res_types})", loc)
    return [MPObject(n, t, scope) for n, t in zip(names, result_types)]


def _owner(x, what):
    """The one party that holds `x`."""
    if not isinstance(x, MPObject) or x.parties is None or len(
            x.parties) != 1:
        _fail(f"{what} is a value held by one party")
    return x.parties[0]


def _party_and_size(x, what):
    _owner(x, what)
    local = x.type.local
    if not isinstance(local, TensorType) or len(local.shape) != 1 or \
            local.dtype.kind not in "iu":
        _fail(f"{what} is a 1-D integer array")
    return x.parties[0], local.shape[0]


def _padded(size, capacity):
    """A party's function padding its items to `capacity` and marking the
    entries in use."""
    def pad(items):
        items = items.astype(np.int64)
        padding = np.zeros(capacity - size, np.int64)
        used = np.arange(capacity) < size
        return np.concatenate([items, padding]) if padding.size else \
            items, used
    return pad


@simp.eager
def psi(x, y):
    """Private set intersection (RR22 over silent VOLE): `x` holds the
    sender's items, `y` the receiver's (int64 arrays of any sizes, on two
    parties). The capacity is the larger set's size: the smaller set is
    padded and masked. Returns, on the receiver, the mask of its items the
    sender also has and their count; the sender learns nothing."""
    sender, nx = _party_and_size(x, "the sender's set")
    receiver, ny = _party_and_size(y, "the receiver's set")
    if sender == receiver:
        _fail("psi runs between two parties")
    cap = max(nx, ny, 1)
    xs, xm = simp.pcall_static((sender,), _padded(nx, cap), x)
    ys, ym = simp.pcall_static((receiver,), _padded(ny, cap), y)
    found_type = MPType.of(TensorType(np.bool_, (cap,)), (receiver,))
    (found,) = call(f"mplang.psi.rr22.n{cap}", [found_type], xs, xm, ys, ym)

    def mine(f):
        mask = f[:ny]
        return mask, np.sum(mask)
    return simp.pcall_static((receiver,), mine, found)


_KEY = TensorType(np.int8, (32,))


@simp.eager
def psi_unbalanced_setup(x):
    """The server's side of unbalanced PSI, once per set (Diffie-Hellman
    OPRF, docs/protocols.md): `x` holds its int64 items. Returns, on the
    server, its key and its table (the sorted tags of its items, (N, 6)
    int16 for N = len(x) rounded up to even), to keep in its store
    (mp.store) and use with psi_unbalanced_query for any number of
    clients."""
    server, nx = _party_and_size(x, "the server's set")
    cap = max(2, nx + nx % 2)
    xs, xm = simp.pcall_static((server,), _padded(nx, cap), x)
    table_type = MPType.of(TensorType(np.int16, (cap, 6)), (server,))
    return tuple(call(f"mplang.psi.unbalanced.setup.n{cap}",
                      [MPType.of(_KEY, (server,)), table_type], xs, xm))


@simp.eager
def psi_unbalanced_query(key, table, y):
    """One client's query: `key` on the server (psi_unbalanced_setup),
    `table` on the server (it is sent to the client) or already on the
    client, `y` the client's int64 items. Returns, on the client, the mask
    of its items in the server's set and their count; the server learns
    nothing."""
    server = _owner(key, "the server's key")
    client, ny = _party_and_size(y, "the client's set")
    if server == client or _owner(table, "the table") not in (server, client):
        _fail("psi_unbalanced_query runs between the key's party and the "
              "client; the table is on one of them")
    cap = max(2, ny + ny % 2)
    ys = simp.pcall_static((client,), lambda v: _padded(ny, cap)(v)[0], y)
    tags_type = MPType.of(TensorType(np.int16, (cap, 6)), (client,))
    (tags,) = call(f"mplang.psi.unbalanced.query.n{cap}", [tags_type], key, ys)
    if table.parties[0] != client:
        table = simp.shuffle_static(table, {client: server})

    def found(t, mine):
        mask = field.contains_rows(t, mine)[:ny]
        return mask, np.sum(mask)
    return simp.pcall_static((client,), found, table, tags)


def _words(x, what):
    """The party and size of `n` 128-bit strings, (n, 2) int64 words."""
    p, n = _held(x, what, 2)
    if x.type.local.shape[1] != 2 or x.type.local.dtype != np.int64:
        _fail(f"{what} are (n, 2) int64 words")
    return p, n


def _held(x, what, ndim):
    p = _owner(x, what)
    local = x.type.local
    if not isinstance(local, TensorType) or len(local.shape) != ndim:
        _fail(f"{what} is a {ndim}-D array")
    return p, local.shape[0]


def _wide(size, p):
    return MPType.of(TensorType(np.int64, (size, 2)), (p,))


@simp.eager
def ot(m0, m1, choice):
    """1-out-of-2 oblivious transfer of `n` 128-bit strings: the sender
    holds `m0`, `m1` ((n, 2) int64 words), the receiver `choice` ((n,)
    bool). Returns, on the receiver, `m1[i]` where `choice[i]` else `m0[i]`;
    the sender learns nothing of the choices, the receiver nothing of the
    other strings. Runs the library's IKNP random OT of `n` rounded up to
    a multiple of 128, then one masked message pair per OT."""
    s, n = _words(m0, "the OT messages")
    if m1.type != m0.type:
        _fail("m0 and m1 are two arrays of one type on the sender")
    r, nc = _held(choice, "the choice bits", 1)
    if s == r or nc != n or choice.type.local.dtype != np.bool_:
        _fail("ot: the receiver's n choice bits for the sender's n pairs")
    size = max(128, -(-n // 128) * 128)

    def pack(c):
        bits = np.concatenate([c.astype(np.int64),
                               np.zeros(size - n, np.int64)])
        return np.sum(bits.reshape(size // 64, 64) << np.arange(64), axis=1)

    words = simp.pcall_static((r,), pack, choice)
    x0, x1, xc = call(f"mplang.ot.rot.n{size}",
                      [_wide(size, s), _wide(size, s),
                       _wide(size, r)], words)
    y0, y1 = simp.pcall_static(
        (s,), lambda a, b, k0, k1: (a ^ k0[:n], b ^ k1[:n]), m0, m1, x0, x1)
    to_r = {r: s}

    def pick(c, a, b, k):
        # Masks, not a select: no branch on the choice bits.
        bit = -c.astype(np.int64).reshape(n, 1)
        return a ^ ((a ^ b) & bit) ^ k[:n]
    return simp.pcall_static((r,), pick, choice, simp.shuffle_static(y0, to_r),
                             simp.shuffle_static(y1, to_r), xc)


@simp.eager
def vole(u, delta):
    """Vector OLE over GF(2^128) (Gilboa, on IKNP): the sender holds `u`
    ((n, 2) int64 words), the receiver `delta` ((2,) int64). Returns (v on
    the sender, w on the receiver) with w = v + u * delta in GF(2^128)
    (docs/field.md); v is uniformly random."""
    s, n = _words(u, "the VOLE inputs")
    r = _delta_party(delta)
    if s == r:
        _fail("vole runs between two parties")
    return tuple(call(f"mplang.vole.gilboa.n{n}", [_wide(n, s), _wide(n, r)],
                      u, delta))


def _delta_party(delta):
    p = _owner(delta, "delta")
    if delta.type.local != TensorType(np.int64, (2,)):
        _fail("delta is (2,) int64 words")
    return p


@simp.eager
def random_vole(n, delta, sender):
    """`n` random VOLE correlations from silent VOLE (sparse noise and an
    expand-accumulate code, docs/protocols.md): returns (u, v on `sender`,
    w on the receiver, which holds `delta`), w = v + u * delta, with `u`
    and `v` uniformly random (n, 2) int64 words."""
    r = _delta_party(delta)
    if r == sender:
        _fail("random_vole runs between two parties")
    return tuple(call(f"mplang.vole.silent.n{n}",
                      [_wide(n, sender), _wide(n, sender), _wide(n, r)],
                      delta))


def _random_words(size):
    """`size` uniformly random int64 words (crypto.random_bytes)."""
    scope = _local_scope()
    out = TensorType(np.int64, (size,))
    (name,) = scope.emit_results(
        1, f"crypto.random_bytes : {out.mlir}", user_location())
    return LocalValue(name, out, scope)


@simp.eager
def oblivious_groupby_sum_bfv(data, bins, K, sender=None, receiver=None,
                              poly_modulus_degree=8192,
                              plain_modulus=1032193):
    """Sums of `data` (on the sender) grouped by `bins` (on the receiver,
    values in [0, K)), revealed to the receiver only: upstream's call.

    The sender encrypts its data under its own BFV key; the receiver
    multiplies each ciphertext by the plain mask of each bin and sums the
    slots by rotations. Unlike upstream, the receiver adds a random mask
    to every slot and sanitizes the ciphertext before the key holder
    decrypts, so the sender only sees uniformly random values, and noise
    that says nothing of the bins (which needs n >= 8192, docs/bfv.md);
    the receiver removes the masks. The sums must lie in (-t/2, t/2) for
    the plain modulus t. Returns (K,) int64 sums on the receiver."""
    s, n = _party_and_size(data, "data")
    r, nb = _party_and_size(bins, "bins")
    if (sender is not None and sender != s) or (
            receiver is not None and receiver != r):
        _fail("data must be on the sender and bins on the receiver")
    if s == r or n != nb:
        _fail("data and bins are two parties' arrays of one length")
    t, row = plain_modulus, poly_modulus_degree // 2
    chunks = [(i, min(i + row, n)) for i in range(0, n, row)]
    steps = [1 << j for j in range(row.bit_length() - 1)]

    def keys_and_chunks(values):
        pk, sk = bfv.keygen(poly_modulus_degree, t)
        gk = bfv.make_galois_keys(sk)
        values = values.astype(np.int64)
        cts = [bfv.encrypt(_pad(values[a:b], row, 0), pk) for a, b in chunks]
        return pk, sk, gk, cts

    pk, sk, gk, cts = simp.pcall_static((s,), keys_and_chunks, data)
    to_r = {r: s}
    pk_r, gk_r = simp.shuffle_static(pk, to_r), simp.shuffle_static(gk, to_r)
    cts_r = [simp.shuffle_static(c, to_r) for c in cts]

    def masked_sums(b, pub, galois, *ciphertexts):
        b = b.astype(np.int64)
        masks = _random_words(K * row) % t
        out = []
        for k in range(K):
            acc = None
            for (lo, hi), c in zip(chunks, ciphertexts):
                term = c * _pad((b[lo:hi] == k).astype(np.int64), row, 0)
                acc = term if acc is None else acc + term
            for step in steps:
                acc = acc + bfv.rotate(acc, step, galois)
            out.append(bfv.sanitize(acc + masks[k * row:(k + 1) * row],
                                    pub))
        return out, masks.reshape(K, row)[:, 0]

    sums, masks = simp.pcall_static((r,), masked_sums, bins, pk_r, gk_r,
                                    *cts_r)
    sums_s = [simp.shuffle_static(c, {s: r}) for c in sums]

    def decrypt_first_slots(secret, *ciphertexts):
        return np.concatenate([bfv.decrypt(c, secret, 1)
                               for c in ciphertexts])

    masked = simp.pcall_static((s,), decrypt_first_slots, sk, *sums_s)

    def unmask(v, m):
        d = (v - m) % t
        return np.where(d > t // 2, d - t, d)

    return simp.pcall_static((r,), unmask,
                             simp.shuffle_static(masked, to_r), masks)


def _pad(v, size, fill):
    """`v` padded with `fill` to `size` entries."""
    if v.shape[0] == size:
        return v
    return np.concatenate([v, np.full(size - v.shape[0], fill, v.dtype)])
