//===- Sampling.cpp - Small random polynomials ----------------------------===//

#include "Sampling.h"

namespace mplang::bfv {

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
  RnsPoly p(base.size(), coeffs.size());
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

RnsPoly smallToNtt(const std::vector<int8_t> &coeffs, const RnsBase &base) {
  RnsPoly p = smallToRns(coeffs, base);
  p.forwardNtt(base);
  return p;
}

} // namespace mplang::bfv
