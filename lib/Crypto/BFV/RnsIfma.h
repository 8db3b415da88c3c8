//===- RnsIfma.h - AVX-512 IFMA kernels for RNS arithmetic ------*- C++ -*-===//
//
// Products of two values below 2^50 are accumulated as the sums of their low
// and high 52-bit halves (up to 16 terms) and reduced once at the end.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_BFV_RNSIFMA_H
#define MPLANG_LIB_CRYPTO_BFV_RNSIFMA_H

#include "mplang/Crypto/BFV/RnsPoly.h"

namespace mplang::crypto::bfv::ifma {

/// True if the kernels below may be used for `base`: the CPU has IFMA, the
/// degree is a multiple of 8, there are at most 16 primes and all are below
/// 2^50.
bool usable(const RnsBase &base);

/// out[c] = (sum_{i<l} y[i n + c] hat[i] - multiples[v[c]]) mod r for c < n;
/// y, hat and r below 2^50, multiples[] below r.
void dotMinusMultiple(const uint64_t *y, size_t n, size_t l,
                      const uint64_t *hat, const uint8_t *v,
                      const uint64_t *multiples, uint64_t r, uint64_t *out);
/// lo[c] += low 52 bits and hi[c] += high 52 bits of x[c] y[c].
void mulAccumulate(const uint64_t *x, const uint64_t *y, size_t n, uint64_t *lo,
                   uint64_t *hi);
/// out[c] = (hi[c] 2^52 + lo[c]) mod q for sums of at most 16 products.
void reduceSplit(const uint64_t *lo, const uint64_t *hi, size_t n, uint64_t q,
                 uint64_t *out);
/// out[c] = x[c] y[c] mod q for x, y below q < 2^50 (out may alias x or y).
void mulMod(const uint64_t *x, const uint64_t *y, size_t n, uint64_t q,
            uint64_t *out);
/// out[c] = (x[c] + y[c]) mod q, or (x[c] - y[c]) mod q with `subtract`, for
/// x, y below q < 2^63 (only AVX-512F arithmetic; out may alias x or y).
void addMod(const uint64_t *x, const uint64_t *y, size_t n, uint64_t q,
            bool subtract, uint64_t *out);
/// out[c] = (x[c] - centred(last[c])) / P mod q, plus out[c] with
/// `accumulate`: the exact rounded division by the prime P of a value given
/// by its residues x mod q and last mod P (centred: minus P above halfP =
/// P / 2). pModQ = P mod q, pInv = P^-1 mod q; q, P below 2^50.
void divideByLast(const uint64_t *x, const uint64_t *last, size_t n, uint64_t q,
                  uint64_t halfP, uint64_t pModQ, uint64_t pInv,
                  bool accumulate, uint64_t *out);
/// x[c] = (x[c] +- (m[c] delta + fix[c])) mod q (minus with `subtract`) for
/// m below 2^52, fix and delta below q < 2^50.
void addScaled(uint64_t *x, const uint64_t *m, const uint64_t *fix, size_t n,
               uint64_t q, uint64_t delta, bool subtract);
/// x[c] = (x[c] + e[c]) mod q for x below q < 2^63 (only AVX-512F).
void addSmall(uint64_t *x, const int8_t *e, size_t n, uint64_t q);
/// out[c] = x[c] for x[c] <= t/2, else x[c] - t + q: the centred lift of
/// values mod t to mod q (only AVX-512F).
void liftCentred(const uint64_t *x, size_t n, uint64_t t, uint64_t q,
                 uint64_t *out);
/// Whether x[c] < bound for all c < n (only AVX-512F; n a multiple of 8).
bool allBelow(const uint64_t *x, size_t n, uint64_t bound);
/// out[c] = x[index[c]], minus t above t / 2: the centred values of a
/// permutation (only AVX-512F; n a multiple of 8).
void gatherCentred(const uint64_t *x, const uint32_t *index, size_t n,
                   uint64_t t, int64_t *out);
/// out[c] = x[c] mod q for x below 2^52.
void reduceSmall(const uint64_t *x, size_t n, uint64_t q, uint64_t *out);

} // namespace mplang::crypto::bfv::ifma

#endif // MPLANG_LIB_CRYPTO_BFV_RNSIFMA_H
