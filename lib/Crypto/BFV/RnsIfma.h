//===- RnsIfma.h - AVX-512 IFMA kernels for RNS base conversion -*- C++ -*-===//

#ifndef MPLANG_LIB_CRYPTO_BFV_RNSIFMA_H
#define MPLANG_LIB_CRYPTO_BFV_RNSIFMA_H

#include <cstddef>
#include <cstdint>

namespace mplang::bfv::ifma {

/// out[c] = (sum_{i<l} y[i n + c] hat[i] - multiples[v[c]]) mod r for every
/// c < n, n a multiple of 8; y, hat and r below 2^50, multiples[] below r.
/// Only call when cpuSupported().
void dotMinusMultiple(const uint64_t *y, size_t n, size_t l,
                      const uint64_t *hat, const uint8_t *v,
                      const uint64_t *multiples, uint64_t r, uint64_t *out);

} // namespace mplang::bfv::ifma

#endif // MPLANG_LIB_CRYPTO_BFV_RNSIFMA_H
