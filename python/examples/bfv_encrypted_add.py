"""Encrypted addition between two parties, examples/bfv_encrypted_add.mlir
in Python.

P0 generates a BFV key pair and encrypts its vector x; it sends the
ciphertext and the public key to P1. P1 encrypts its own vector y under
P0's public key, adds the two ciphertexts without seeing x, keeps the four
slots of the sum, sanitizes it and sends it back. Only P0, which holds the
secret key, decrypts x + y, and learns nothing else of y.

    PYTHONPATH=build/python python3 python/examples/bfv_encrypted_add.py
"""

import numpy as np

import mplang_mlir as mp
from mplang_mlir import bfv, simp


def keys_and_encrypt(v):
    public, secret = bfv.keygen(poly_modulus_degree=8192,
                                plain_modulus=1032193)
    return public, secret, bfv.encrypt(v, public)


def add_keep_sanitize(v, public, c):
    # Only the four slots of the sum, and noise that says nothing of y.
    total = (c + bfv.encrypt(v, public)) * np.ones(4, np.int64)
    return bfv.sanitize(total, public)


@mp.function
def encrypted_add(x, y):
    pk, sk, cx = simp.pcall_static((0,), keys_and_encrypt, x)
    # The ciphertext and the public key go to P1; the secret key stays.
    pk1 = simp.shuffle_static(pk, {1: 0})
    cx1 = simp.shuffle_static(cx, {1: 0})
    csum = simp.pcall_static((1,), add_keep_sanitize, y, pk1, cx1)
    # Back to P0, which decrypts the first four slots.
    csum0 = simp.shuffle_static(csum, {0: 1})
    return simp.pcall_static((0,), lambda c, secret: bfv.decrypt(c, secret, 4),
                             csum0, sk)


def main():
    with mp.make_simulator(2):
        x = mp.put("P0", np.array([1, 2, 3, 4], np.int64))
        y = mp.put("P1", np.array([10, 20, 30, 40], np.int64))
        return mp.fetch(encrypted_add(x, y))


if __name__ == "__main__":
    print(main())
