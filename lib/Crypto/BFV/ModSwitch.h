//===- ModSwitch.h - Rounded division by the last prime ---------*- C++ -*-===//
//
// Key switching divides by the special prime P, encryption divides its
// encryption of zero over Q P by P, and modulus switching divides a
// ciphertext by its last data prime: all are round(x / p) for the last
// prime p of an RNS base, computed exactly as (x - centred(x mod p)) / p.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_BFV_MODSWITCH_H
#define MPLANG_LIB_CRYPTO_BFV_MODSWITCH_H

#include "mplang/Crypto/BFV/RnsPoly.h"

namespace mplang::crypto::bfv {

/// out = round(x / p), or out += round(x / p) with `accumulate`, where p is
/// the last prime of `base`, x is over all of `base` and out over the other
/// primes, both in coefficient form.
void divideByLastPrime(const RnsBase &base, const RnsPoly &x, RnsPoly &out,
                       bool accumulate);

} // namespace mplang::crypto::bfv

#endif // MPLANG_LIB_CRYPTO_BFV_MODSWITCH_H
