//===- Modulus.cpp - Word-sized prime modulus arithmetic ------------------===//

#include "mplang/Crypto/BFV/Modulus.h"

#include <algorithm>
#include <cassert>

namespace mplang::crypto::bfv {

Modulus::Modulus(uint64_t q) : q(q) {
  assert(q >= 2 && q < (uint64_t(1) << kMaxBits) && "modulus out of range");
  // floor(2^128 / q) from floor((2^128 - 1) / q), bumped when q divides 2^128.
  u128 all = ~static_cast<u128>(0);
  u128 ratio = all / q;
  if (all % q == q - 1)
    ++ratio;
  ratioHi = static_cast<uint64_t>(ratio >> 64);
  ratioLo = static_cast<uint64_t>(ratio);
}

uint64_t Modulus::pow(uint64_t base, uint64_t exp) const {
  uint64_t result = 1 % q;
  base = reduce(base);
  for (; exp; exp >>= 1, base = mul(base, base))
    if (exp & 1)
      result = mul(result, base);
  return result;
}

static uint64_t powMod128(uint64_t b, uint64_t e, uint64_t n) {
  uint64_t r = 1;
  b %= n;
  for (; e; e >>= 1, b = static_cast<uint64_t>(static_cast<u128>(b) * b % n))
    if (e & 1)
      r = static_cast<uint64_t>(static_cast<u128>(r) * b % n);
  return r;
}

bool isPrime(uint64_t n) {
  if (n < 2)
    return false;
  for (uint64_t p : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37})
    if (n % p == 0)
      return n == p;
  uint64_t d = n - 1;
  int s = 0;
  for (; !(d & 1); d >>= 1)
    ++s;
  // These bases are known to decide primality for every n < 2^64.
  for (uint64_t a : {2, 325, 9375, 28178, 450775, 9780504, 1795265022}) {
    a %= n;
    if (!a)
      continue;
    uint64_t x = powMod128(a, d, n);
    if (x == 1 || x == n - 1)
      continue;
    bool composite = true;
    for (int i = 1; i < s && composite; ++i) {
      x = static_cast<uint64_t>(static_cast<u128>(x) * x % n);
      composite = x != n - 1;
    }
    if (composite)
      return false;
  }
  return true;
}

std::vector<uint64_t> generateNttPrimes(int bits, uint64_t n, int count,
                                        const std::vector<uint64_t> &exclude) {
  std::vector<uint64_t> primes;
  uint64_t step = 2 * n;
  uint64_t lower = uint64_t(1) << (bits - 1);
  uint64_t candidate = ((uint64_t(1) << bits) - 1) / step * step + 1;
  for (; candidate > lower && static_cast<int>(primes.size()) < count;
       candidate -= step)
    if (isPrime(candidate) &&
        std::find(exclude.begin(), exclude.end(), candidate) == exclude.end())
      primes.push_back(candidate);
  if (static_cast<int>(primes.size()) < count)
    primes.clear();
  return primes;
}

uint64_t minimalPrimitiveRoot(const Modulus &q, uint64_t twoN) {
  uint64_t exponent = (q.value() - 1) / twoN;
  uint64_t root = 0;
  for (uint64_t x = 2; !root; ++x) {
    uint64_t g = q.pow(x, exponent);
    if (q.pow(g, twoN / 2) == q.value() - 1)
      root = g;
  }
  // Every primitive 2n-th root is an odd power of `root`.
  uint64_t best = root, square = q.mul(root, root), cur = root;
  for (uint64_t i = 1; i < twoN / 2; ++i) {
    cur = q.mul(cur, square);
    best = std::min(best, cur);
  }
  return best;
}

} // namespace mplang::crypto::bfv
