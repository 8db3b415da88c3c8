//===- BigUInt.h - Small multi-precision unsigned integers ------*- C++ -*-===//
//
// Just enough arithmetic for RNS precomputation and noise measurement; not
// used on hot paths.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_BFV_BIGUINT_H
#define MPLANG_LIB_CRYPTO_BFV_BIGUINT_H

#include "mplang/Crypto/BFV/Modulus.h"

#include <cstddef>
#include <vector>

namespace mplang::crypto::bfv {

class BigUInt {
public:
  BigUInt(uint64_t v = 0) : limbs{v} { trim(); }

  static BigUInt product(const std::vector<uint64_t> &factors) {
    BigUInt r(1);
    for (uint64_t f : factors)
      r.mulWord(f);
    return r;
  }

  void mulWord(uint64_t m) {
    uint64_t carry = 0;
    for (uint64_t &l : limbs) {
      u128 p = static_cast<u128>(l) * m + carry;
      l = static_cast<uint64_t>(p);
      carry = static_cast<uint64_t>(p >> 64);
    }
    if (carry)
      limbs.push_back(carry);
    trim();
  }

  /// Divides in place and returns the remainder.
  uint64_t divWord(uint64_t d) {
    u128 rem = 0;
    for (size_t i = limbs.size(); i-- > 0;) {
      u128 cur = (rem << 64) | limbs[i];
      limbs[i] = static_cast<uint64_t>(cur / d);
      rem = cur % d;
    }
    trim();
    return static_cast<uint64_t>(rem);
  }

  uint64_t modWord(uint64_t d) const {
    u128 rem = 0;
    for (size_t i = limbs.size(); i-- > 0;)
      rem = ((rem << 64) | limbs[i]) % d;
    return static_cast<uint64_t>(rem);
  }

  void add(const BigUInt &o) {
    if (limbs.size() < o.limbs.size())
      limbs.resize(o.limbs.size(), 0);
    uint64_t carry = 0;
    for (size_t i = 0; i < limbs.size(); ++i) {
      u128 s = static_cast<u128>(limbs[i]) + carry +
               (i < o.limbs.size() ? o.limbs[i] : 0);
      limbs[i] = static_cast<uint64_t>(s);
      carry = static_cast<uint64_t>(s >> 64);
    }
    if (carry)
      limbs.push_back(carry);
  }

  /// Requires *this >= o.
  void sub(const BigUInt &o) {
    uint64_t borrow = 0;
    for (size_t i = 0; i < limbs.size(); ++i) {
      uint64_t oi = i < o.limbs.size() ? o.limbs[i] : 0;
      u128 d = static_cast<u128>(limbs[i]) - oi - borrow;
      limbs[i] = static_cast<uint64_t>(d);
      borrow = static_cast<uint64_t>(d >> 64) ? 1 : 0;
    }
    trim();
  }

  int compare(const BigUInt &o) const {
    if (limbs.size() != o.limbs.size())
      return limbs.size() < o.limbs.size() ? -1 : 1;
    for (size_t i = limbs.size(); i-- > 0;)
      if (limbs[i] != o.limbs[i])
        return limbs[i] < o.limbs[i] ? -1 : 1;
    return 0;
  }

  int bitLength() const {
    uint64_t top = limbs.back();
    return top ? static_cast<int>(64 * limbs.size()) - __builtin_clzll(top) : 0;
  }

private:
  void trim() {
    while (limbs.size() > 1 && !limbs.back())
      limbs.pop_back();
  }

  std::vector<uint64_t> limbs;
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_LIB_CRYPTO_BFV_BIGUINT_H
