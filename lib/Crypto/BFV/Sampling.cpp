//===- Sampling.cpp - Small random polynomials ----------------------------===//

#include "Sampling.h"
#include "RnsIfma.h"

#include <algorithm>

namespace mplang::crypto::bfv {

llvm::Expected<std::pair<Seed, Seed>> publicAndPrivateSeeds() {
  llvm::Expected<Seed> seed = randomSeed();
  if (!seed)
    return seed.takeError();
  llvm::Expected<Seed> errSeed = randomSeed();
  if (!errSeed)
    return errSeed.takeError();
  return std::make_pair(*seed, *errSeed);
}

std::vector<int8_t> sampleTernary(Prg &prg, size_t n) {
  std::vector<int8_t> r(n);
  for (int8_t &c : r)
    c = static_cast<int8_t>(prg.ternary());
  return r;
}

std::vector<int8_t> sampleError(Prg &prg, size_t n) {
  std::vector<int8_t> r(n);
  for (int8_t &c : r)
    c = static_cast<int8_t>(prg.centeredBinomial());
  return r;
}

RnsPoly smallToRns(const std::vector<int8_t> &coeffs, const RnsBase &base) {
  RnsPoly p = RnsPoly::uninitialized(base.size(), coeffs.size());
  for (size_t m = 0; m < base.size(); ++m) {
    const Modulus q = base.modulus(m);
    uint64_t *o = p.component(m);
    // Wrapping add instead of a branch on the (random) sign.
    for (size_t i = 0; i < coeffs.size(); ++i)
      o[i] = static_cast<uint64_t>(static_cast<int64_t>(coeffs[i])) +
             (coeffs[i] < 0 ? q.value() : 0);
  }
  return p;
}

void addSmall(RnsPoly &x, const std::vector<int8_t> &coeffs,
              const RnsBase &base) {
  const bool vector = ifma::usable(base);
  for (size_t m = 0; m < base.size(); ++m) {
    const uint64_t q = base.modulus(m).value();
    uint64_t *o = x.component(m);
    if (vector) {
      ifma::addSmall(o, coeffs.data(), coeffs.size(), q);
      continue;
    }
    // The sum wraps below zero for a negative c; the representative is the
    // smaller of it and the sum moved by q towards range (no branch on the
    // random sign).
    for (size_t i = 0; i < coeffs.size(); ++i) {
      uint64_t s = o[i] + static_cast<uint64_t>(int64_t(coeffs[i]));
      o[i] = std::min(s, coeffs[i] < 0 ? s + q : s - q);
    }
  }
}

RnsPoly smallToNtt(const std::vector<int8_t> &coeffs, const RnsBase &base) {
  RnsPoly p = smallToRns(coeffs, base);
  p.forwardNtt(base);
  return p;
}

} // namespace mplang::crypto::bfv
