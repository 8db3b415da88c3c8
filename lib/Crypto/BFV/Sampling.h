//===- Sampling.h - Small random polynomials --------------------*- C++ -*-===//

#ifndef MPLANG_LIB_CRYPTO_BFV_SAMPLING_H
#define MPLANG_LIB_CRYPTO_BFV_SAMPLING_H

#include "mplang/Crypto/BFV/Prg.h"
#include "mplang/Crypto/BFV/RnsPoly.h"

namespace mplang::crypto::bfv {

/// A seed for a public uniform part and one for private errors, both from
/// the OS CSPRNG.
llvm::Expected<std::pair<Seed, Seed>> publicAndPrivateSeeds();

std::vector<int8_t> sampleTernary(Prg &prg, size_t n);
std::vector<int8_t> sampleError(Prg &prg, size_t n);
/// The small polynomial modulo every prime of `base`, in NTT form.
RnsPoly smallToNtt(const std::vector<int8_t> &coeffs, const RnsBase &base);
/// The small polynomial modulo every prime of `base`, in coefficient form.
RnsPoly smallToRns(const std::vector<int8_t> &coeffs, const RnsBase &base);
/// x += coeffs over the primes of `base` (coefficient form), without
/// materializing the small polynomial.
void addSmall(RnsPoly &x, const std::vector<int8_t> &coeffs,
              const RnsBase &base);

} // namespace mplang::crypto::bfv

#endif // MPLANG_LIB_CRYPTO_BFV_SAMPLING_H
