"""The field, crypto, store and bfv dialects and the protocol library as
Python calls, run in process against known answers."""

import numpy as np
import pytest

import mplang_mlir as mp
from mplang_mlir import bfv, crypto, field, simp, store


def on(party, fn, *args):
    """`fn(*args)` on one party, fetched."""
    return mp.fetch(mp.device(f"P{party}")(fn)(*args))


def test_field_known_answer():
    def gf(a, b, c):
        x, y = field.from_words(a), field.from_words(b)
        return field.to_words(x * y), field.to_words(x + y), \
            field.to_words(field.sum(field.from_words(np.stack([a, b])))), \
            field.to_words(field.scale(x, field.from_words(c)))

    with mp.make_simulator(1):
        a = mp.put("P0", np.array([[1, 2]], np.int64))
        b = mp.put("P0", np.array([[3, 4]], np.int64))
        c = mp.put("P0", np.array([3, 4], np.int64))
        prod, total, summed, scaled = on(0, gf, a, b, c)
    np.testing.assert_array_equal(prod, [[1083, 2]])
    np.testing.assert_array_equal(scaled, [[1083, 2]])
    np.testing.assert_array_equal(total, [[2, 6]])
    np.testing.assert_array_equal(summed, [[2, 6]])


def test_field_okvs_round_trip():
    def okvs(keys, words):
        seed = field.random()
        table = field.solve_okvs(keys, field.from_words(words), seed, 2560)
        return field.to_words(field.decode_okvs(keys, table, seed))

    rng = np.random.default_rng(1)
    words = rng.integers(-2**63, 2**63 - 1, (100, 2), dtype=np.int64)
    keys = rng.permutation(10**6)[:100].astype(np.int64)
    with mp.make_simulator(1):
        got = on(0, okvs, mp.put("P0", keys), mp.put("P0", words))
    np.testing.assert_array_equal(got, words)


def test_field_aes_expand_and_rows():
    def expand(seed_words):
        out = field.aes_expand(field.from_words(seed_words), 4,
                               feed_forward=True)
        rows = field.to_words(out, np.int16)
        return rows.reshape(8, 8), field.sort_rows(rows.reshape(8, 8))

    with mp.make_simulator(1):
        rows, ordered = on(0, expand, mp.put("P0", np.array(
            [[5, 6], [7, 8]], np.int64)))
    assert len({r.tobytes() for r in rows}) == 8
    keyed = sorted(rows.view(np.uint16).tolist())
    np.testing.assert_array_equal(ordered.view(np.uint16), keyed)


def test_field_exconv_known_answer():
    # test/Runtime/Dialects/Field/field-exconv.mlir: seed [0, 3], weight 1 and band 1 read
    # x[1], x[1], x[0], x[0] of the convolved [0, v].
    def encode(noise, seed):
        y = field.exconv_encode(field.from_words(noise), field.from_words(seed),
                                4, weight=1, band=1)
        return field.to_words(y)

    noise = np.array([[1, 1], [0, 0], [0, 0], [0, 0], [0, 0], [2, 8]],
                     np.int64)
    with mp.make_simulator(1):
        got = on(0, encode, mp.put("P0", noise),
                 mp.put("P0", np.array([0, 3], np.int64)))
    np.testing.assert_array_equal(got, [[3, 9], [2, 8], [0, 0], [0, 0]])


SHA256_ABC = bytes.fromhex(
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")


def test_crypto_hashes_known_answers():
    def digests():
        abc = np.frombuffer(b"abc", np.uint8)
        okm = crypto.hkdf(np.full(22, 0x0B, np.uint8),
                          np.arange(13, dtype=np.uint8),
                          np.arange(0xF0, 0xFA, dtype=np.uint8), 42)
        return crypto.hash(abc), crypto.hash_batch(np.stack([abc, abc])), okm

    with mp.make_simulator(1):
        one, batch, okm = on(0, digests)
    assert one.tobytes() == SHA256_ABC
    assert batch.tobytes() == SHA256_ABC * 2
    # RFC 5869, test case 1.
    assert okm.tobytes().hex() == (
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
        "34007208d5b887185865")


def test_crypto_x25519_agreement_and_aes_gcm():
    @mp.function
    def exchange(x):
        sk0, pk0 = simp.pcall_static(
            (0,), lambda: (lambda k: (k, crypto.public_key(k)))(
                crypto.keygen()))
        sk1, pk1 = simp.pcall_static(
            (1,), lambda: (lambda k: (k, crypto.public_key(k)))(
                crypto.keygen()))
        pk1_at_0 = simp.shuffle_static(pk1, {0: 1})
        pk0_at_1 = simp.shuffle_static(pk0, {1: 0})

        def seal(k, peer, v):
            key = crypto.agree(k, peer)
            nonce = np.zeros(12, np.uint8)
            return key, crypto.aes_gcm_encrypt(key, nonce, v, aad=b"hdr")

        key0, box = simp.pcall_static((0,), seal, sk0, pk1_at_0, x)

        def open_(k, peer, c):
            key = crypto.agree(k, peer)
            return key, crypto.aes_gcm_decrypt(key, np.zeros(12, np.uint8),
                                               c, (3,), np.int64, aad=b"hdr")
        key1, plain = simp.pcall_static((1,), open_, sk1, pk0_at_1,
                                        simp.shuffle_static(box, {1: 0}))
        return key0, key1, plain, box

    with mp.make_simulator(2):
        x = mp.put("P0", np.array([7, 8, 9], np.int64))
        key0, key1, plain, box = mp.fetch(exchange(x))
    np.testing.assert_array_equal(key0[0], key1[1])
    np.testing.assert_array_equal(plain[1], [7, 8, 9])
    assert box[0].shape == (24 + 16,)


def test_crypto_p256_group_laws():
    def group():
        a, b = crypto.random_scalar(), crypto.random_scalar((4,))
        g = crypto.generator()
        ab = crypto.scalar_mul(a, crypto.base_mul(b))
        ba = crypto.scalar_mul(b, crypto.scalar_mul(a, g))
        inverse = crypto.scalar_product(a, crypto.scalar_inverse(a))
        one = crypto.scalar_to_bytes(inverse)
        back = crypto.point_from_bytes(crypto.point_to_bytes(ab))
        return (crypto.point_to_bytes(ab), crypto.point_to_bytes(ba), one,
                crypto.point_to_bytes(crypto.point_sub(back, ab)))

    with mp.make_simulator(1):
        ab, ba, one, zero = on(0, group)
    np.testing.assert_array_equal(ab, ba)
    assert ab.shape == (4, 33)
    assert one.tobytes() == bytes(31) + b"\x01"
    assert not zero.any()  # the identity is 33 zero bytes


def test_crypto_tampered_box_is_refused():
    def tamper():
        key, nonce = crypto.random_bytes(32), np.zeros(12, np.uint8)
        box = crypto.aes_gcm_encrypt(key, nonce, np.arange(4))
        return crypto.aes_gcm_decrypt(key, nonce, box ^ np.uint8(1), (4,),
                                      np.int64)

    with mp.make_simulator(1):
        with pytest.raises(mp.RunError) as err:
            on(0, tamper)
    assert err.value.rank == 0
    assert "test_dialects.py" in err.value.location


def test_store_objects_persist_across_runs():
    with mp.make_simulator(2):
        x = mp.put("P1", np.array([4, 5, 6], np.int32))
        mp.device("P1")(lambda v: store.save(v * 2, "mem://tests/x"))(x)
        got = on(1, lambda: store.load("mem://tests/x", np.int32, (3,)) + 1)
    np.testing.assert_array_equal(got, [9, 11, 13])


def test_store_keeps_keys():
    with mp.make_simulator(1):
        def make():
            pk, sk = bfv.keygen()
            store.save(sk, "mem://tests/sk")
            return pk
        pk = mp.device("P0")(make)()

        def use(public):
            sk = store.load("mem://tests/sk", bfv.keygen()[1].type)
            return bfv.decrypt(bfv.encrypt(np.arange(3), public), sk, 3)
        got = on(0, use, pk)
    np.testing.assert_array_equal(got, [0, 1, 2])


def test_bfv_upstream_calls():
    def compute(x):
        pk, sk = bfv.keygen()
        enc = bfv.create_encoder()
        ct = bfv.encrypt(bfv.encode(x, enc), pk)
        pt10 = bfv.encode(x * 10, enc)
        diff = bfv.sub(pt10, ct)                        # plaintext - ciphertext
        gk = bfv.make_galois_keys(sk)                   # steps from use
        rotated = bfv.rotate(ct, 1, gk)
        swapped = bfv.rotate_columns(bfv.rotate(ct, -3, gk), gk)
        rows = bfv.batch_encode(np.stack([x, x + 1]), enc)
        summed = bfv.encrypt_symmetric(rows[1], sk) + rows[0]
        small = bfv.mod_switch(summed, 1)
        return (bfv.decode(bfv.decrypt(diff, sk), enc, 4),
                bfv.decrypt(rotated, sk, 4),
                bfv.decrypt(swapped, sk, 4096)[2048:2055],
                bfv.decrypt(small, sk, 4))

    x = np.array([1, 2, 3, 4], np.int64)
    with mp.make_simulator(1):
        prog = mp.compile(lambda v: mp.device("P0")(compute)(v),
                          mp.mp_type(np.int64, (4,), (0,)))
        assert "steps [-3, 1]" in prog.mlir and "$galois" not in prog.mlir
        diff, rotated, swapped, small = on(0, compute, mp.put("P0", x))
    np.testing.assert_array_equal(diff, [9, 18, 27, 36])
    np.testing.assert_array_equal(rotated, [2, 3, 4, 0])
    np.testing.assert_array_equal(swapped, [0, 0, 0, 1, 2, 3, 4])
    np.testing.assert_array_equal(small, [3, 5, 7, 9])


def test_galois_keys_returned_carry_their_steps():
    @mp.function
    def keys():
        def make():
            pk, sk = bfv.keygen()
            gk = bfv.make_galois_keys(sk)
            return gk, bfv.decrypt(bfv.rotate(bfv.encrypt(np.arange(4), pk),
                                              2, gk), sk, 2)
        return simp.pcall_static((0,), make)

    with mp.make_simulator(1):
        gk, first = keys()
    assert gk.type.mlir.endswith("steps = [2]>, [0]>")
    np.testing.assert_array_equal(mp.fetch(first), [2, 3])


def test_bfv_type_errors_name_the_line():
    def bad():
        pk, sk = bfv.keygen()
        return bfv.decrypt(bfv.encrypt(np.arange(2), pk), pk, 2)

    with mp.make_simulator(1):
        with pytest.raises(mp.TraceError,
                           match=r"test_dialects.py:\d+:\d+: bfv.decrypt "
                                 "takes a secret key"):
            on(0, bad)


def test_ot_transfers_the_chosen_strings():
    n = 200
    rng = np.random.default_rng(7)
    m0 = rng.integers(-2**63, 2**63 - 1, (n, 2), dtype=np.int64)
    m1 = rng.integers(-2**63, 2**63 - 1, (n, 2), dtype=np.int64)
    c = rng.integers(0, 2, n).astype(bool)
    with mp.make_simulator(3):
        got = mp.fetch(mp.lib.ot(mp.put("P2", m0), mp.put("P2", m1),
                                 mp.put("P0", c)))
    np.testing.assert_array_equal(got[0], np.where(c[:, None], m1, m0))
    assert got[2] is None


def gf_mul(a, b):
    """GF(2^128) product of (lo, hi) words, x^128 = x^7 + x^2 + x + 1."""
    x = (int(a[0]) & (2**64 - 1)) | (int(a[1]) & (2**64 - 1)) << 64
    y = (int(b[0]) & (2**64 - 1)) | (int(b[1]) & (2**64 - 1)) << 64
    p = 0
    for i in range(128):
        if y >> i & 1:
            p ^= x << i
    for i in range(254, 127, -1):
        if p >> i & 1:
            p ^= (1 << i) | (0x87 << (i - 128))
    return p


def words_int(w):
    return (int(w[0]) & (2**64 - 1)) | (int(w[1]) & (2**64 - 1)) << 64


def test_vole_correlations():
    n = 5
    rng = np.random.default_rng(3)
    u = rng.integers(-2**63, 2**63 - 1, (n, 2), dtype=np.int64)
    delta = rng.integers(-2**63, 2**63 - 1, 2, dtype=np.int64)
    with mp.make_simulator(2):
        d = mp.put("P1", delta)
        v, w = mp.fetch(mp.lib.vole(mp.put("P0", u), d))
        ru, rv, rw = mp.fetch(mp.lib.random_vole(300, d, sender=0))
    for i in range(n):
        assert words_int(w[1][i]) == words_int(v[0][i]) ^ gf_mul(u[i], delta)
    assert ru[0].shape == (300, 2) and len({r.tobytes() for r in ru[0]}) == 300
    for i in range(0, 300, 37):
        assert words_int(rw[1][i]) == words_int(rv[0][i]) ^ gf_mul(
            ru[0][i], delta)


def test_csv_keys_match_across_parties_and_rows_are_selected(tmp_path):
    for rank, text in ((0, "email,n\na@x.org,1\nb@x.org,\"2, two\"\n"),
                       (1, "id,email\r\n9,b@x.org\r\n8,q@x.org\r\n")):
        (tmp_path / f"rank{rank}").mkdir()
        (tmp_path / f"rank{rank}" / "c.csv").write_text(text, newline="")
    key = np.arange(32, dtype=np.uint8)

    def keys_of(k):
        keys, used, digest = store.csv_keys("fs://c.csv", ["email"], k, 4)
        store.csv_select(used & (np.arange(4) != 0), digest, "fs://c.csv",
                         "fs://out.csv")
        return keys, used, store.csv_rows("fs://c.csv")

    with mp.make_simulator(2, data_root=tmp_path):
        k = mp.put("P0", key)
        a = on(0, keys_of, k)
        b = on(1, keys_of, mp.put("P1", key))
    np.testing.assert_array_equal(a[0][1], b[0][0])  # b@x.org on both
    assert not (a[0][0] == b[0][1]).all()
    np.testing.assert_array_equal(a[1], [True, True, False, False])
    assert (a[2], b[2]) == (2, 2)
    assert not a[0][2:].any()
    assert (tmp_path / "rank0" / "out.csv").read_bytes() == \
        b"email,n\nb@x.org,\"2, two\"\n"
    assert (tmp_path / "rank1" / "out.csv").read_bytes() == \
        b"id,email\r\n8,q@x.org\r\n"
