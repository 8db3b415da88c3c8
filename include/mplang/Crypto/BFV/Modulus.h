//===- Modulus.h - Word-sized prime modulus arithmetic ----------*- C++ -*-===//
//
// Barrett reduction for general products and Shoup multiplication for
// products by a precomputed constant. Moduli are below 2^61 so that the lazy
// NTT can keep values in [0, 4q) without overflow.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_BFV_MODULUS_H
#define MPLANG_CRYPTO_BFV_MODULUS_H

#include <cstdint>
#include <vector>

namespace mplang::crypto::bfv {

using u128 = unsigned __int128;

inline uint64_t mulHigh(uint64_t a, uint64_t b) {
  return static_cast<uint64_t>((static_cast<u128>(a) * b) >> 64);
}

/// A constant w with its Shoup companion floor(w * 2^64 / q).
struct ShoupConst {
  uint64_t value = 0;
  uint64_t quotient = 0;
};

/// Hot loops take a local copy: stores through uint64_t pointers could
/// otherwise alias the members and force reloads.
class Modulus {
public:
  static constexpr int kMaxBits = 61;

  Modulus() = default;
  explicit Modulus(uint64_t q);

  uint64_t value() const { return q; }
  int bits() const { return 64 - __builtin_clzll(q); }

  /// Reduces any 64-bit value.
  uint64_t reduce(uint64_t x) const {
    uint64_t r = x - mulHigh(x, ratioHi) * q;
    return r >= q ? r - q : r;
  }

  /// floor(x / q) for x < q 2^64.
  uint64_t quotient128(u128 x) const {
    uint64_t quot = quotientEstimate(x);
    uint64_t r = static_cast<uint64_t>(x) - quot * q;
    for (; r >= q; r -= q)
      ++quot;
    return quot;
  }

  /// floor(x / q) for any 64-bit x.
  uint64_t quotient64(uint64_t x) const {
    uint64_t quot = mulHigh(x, ratioHi);
    return x - quot * q >= q ? quot + 1 : quot;
  }

  /// Reduces any 128-bit value.
  uint64_t reduce128(u128 x) const {
    uint64_t r = static_cast<uint64_t>(x) - quotientEstimate(x) * q;
    r = r >= q ? r - q : r;
    return r >= q ? r - q : r;
  }

  uint64_t add(uint64_t a, uint64_t b) const {
    uint64_t s = a + b;
    return s >= q ? s - q : s;
  }
  uint64_t sub(uint64_t a, uint64_t b) const {
    return a >= b ? a - b : a + q - b;
  }
  uint64_t neg(uint64_t a) const { return a ? q - a : 0; }
  uint64_t mul(uint64_t a, uint64_t b) const {
    return reduce128(static_cast<u128>(a) * b);
  }
  uint64_t pow(uint64_t base, uint64_t exp) const;
  /// Inverse of a non-zero element (q must be prime).
  uint64_t inv(uint64_t a) const { return pow(a, q - 2); }

  ShoupConst shoup(uint64_t w) const {
    return {w, static_cast<uint64_t>((static_cast<u128>(w) << 64) / q)};
  }
  /// x * w mod q in [0, 2q) for any 64-bit x.
  uint64_t mulShoupLazy(uint64_t x, ShoupConst w) const {
    return x * w.value - mulHigh(x, w.quotient) * q;
  }
  uint64_t mulShoup(uint64_t x, ShoupConst w) const {
    uint64_t r = mulShoupLazy(x, w);
    return r >= q ? r - q : r;
  }

  /// Maps any signed 64-bit value into [0, q).
  uint64_t fromSigned(int64_t v) const {
    // Negated as unsigned: -v overflows for INT64_MIN.
    return v < 0 ? neg(reduce(0 - static_cast<uint64_t>(v)))
                 : reduce(static_cast<uint64_t>(v));
  }

private:
  /// Barrett estimate of floor(x / q) with the full 128-bit ratio; it is at
  /// most 2 too small (one from the ratio, one from dropped low products).
  uint64_t quotientEstimate(u128 x) const {
    uint64_t lo = static_cast<uint64_t>(x), hi = static_cast<uint64_t>(x >> 64);
    u128 mid = static_cast<u128>(lo) * ratioHi + mulHigh(lo, ratioLo);
    u128 mid2 = static_cast<u128>(hi) * ratioLo + static_cast<uint64_t>(mid);
    return hi * ratioHi + static_cast<uint64_t>(mid >> 64) +
           static_cast<uint64_t>(mid2 >> 64);
  }

  uint64_t q = 0;
  uint64_t ratioHi = 0, ratioLo = 0; // floor(2^128 / q)
};

/// Deterministic Miller-Rabin for all 64-bit integers.
bool isPrime(uint64_t n);

/// The largest `count` primes below 2^bits that are 1 mod 2n and not in
/// `exclude`, in decreasing order; empty if there are not enough.
std::vector<uint64_t>
generateNttPrimes(int bits, uint64_t n, int count,
                  const std::vector<uint64_t> &exclude = {});

/// A primitive 2n-th root of unity mod prime q (q = 1 mod 2n), chosen
/// deterministically as the smallest one.
uint64_t minimalPrimitiveRoot(const Modulus &q, uint64_t twoN);

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_MODULUS_H
