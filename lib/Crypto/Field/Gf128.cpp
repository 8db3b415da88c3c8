//===- Gf128.cpp - GF(2^128) arithmetic and the portable multiply -------===//

#include "mplang/Crypto/Field/Gf128.h"
#include "Kernels.h"

#include <algorithm>
#include <cassert>

using namespace mplang::crypto::field;

/// Carry-less 64 x 64 -> 128-bit product, one bit of `b` per step; masks
/// instead of branches keep the time independent of the operands.
static void clmul64(uint64_t a, uint64_t b, uint64_t &lo, uint64_t &hi) {
  lo = a & (0 - (b & 1));
  hi = 0;
  for (unsigned i = 1; i < 64; ++i) {
    uint64_t mask = 0 - ((b >> i) & 1);
    lo ^= (a << i) & mask;
    hi ^= (a >> (64 - i)) & mask;
  }
}

void detail::mulPortable(const Gf128 *a, const Gf128 *b, Gf128 *out, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    // Karatsuba: three half-products give the 256-bit product r0..r3.
    uint64_t r0, r1, r2, r3, m0, m1;
    clmul64(a[i].lo, b[i].lo, r0, r1);
    clmul64(a[i].hi, b[i].hi, r2, r3);
    clmul64(a[i].lo ^ a[i].hi, b[i].lo ^ b[i].hi, m0, m1);
    m0 ^= r0 ^ r2;
    m1 ^= r1 ^ r3;
    r1 ^= m0;
    r2 ^= m1;
    // x^128 = x^7 + x^2 + x + 1: fold r3 (times x^192) into r1:r2, then r2.
    r1 ^= r3 ^ (r3 << 1) ^ (r3 << 2) ^ (r3 << 7);
    r2 ^= (r3 >> 63) ^ (r3 >> 62) ^ (r3 >> 57);
    r0 ^= r2 ^ (r2 << 1) ^ (r2 << 2) ^ (r2 << 7);
    r1 ^= (r2 >> 63) ^ (r2 >> 62) ^ (r2 >> 57);
    out[i] = {r0, r1};
  }
}

Gf128 mplang::crypto::field::mul(Gf128 a, Gf128 b) {
  Gf128 product;
  mul(a, b, product);
  return product;
}

void mplang::crypto::field::mul(llvm::ArrayRef<Gf128> a,
                                llvm::ArrayRef<Gf128> b,
                                llvm::MutableArrayRef<Gf128> out, Isa isa) {
  assert(a.size() == b.size() && a.size() == out.size() && "size mismatch");
  assert(isSupported(isa) && "ISA not supported by this CPU");
  switch (isa) {
  case Isa::Portable:
    return detail::mulPortable(a.data(), b.data(), out.data(), out.size());
  case Isa::AesClmul:
    return detail::mulClmul(a.data(), b.data(), out.data(), out.size());
  case Isa::Avx512:
    return detail::mulAvx512(a.data(), b.data(), out.data(), out.size());
  }
}

void mplang::crypto::field::mulScalar(llvm::ArrayRef<Gf128> a, Gf128 b,
                                      llvm::MutableArrayRef<Gf128> out,
                                      Isa isa) {
  assert(a.size() == out.size() && "size mismatch");
  // The array kernels with a chunk of copies of b, which stays in L1.
  constexpr size_t kChunk = 256;
  Gf128 copies[kChunk];
  std::fill_n(copies, kChunk, b);
  for (size_t i = 0; i < a.size(); i += kChunk) {
    size_t n = std::min(kChunk, a.size() - i);
    mul(a.slice(i, n), {copies, n}, out.slice(i, n), isa);
  }
}

void mplang::crypto::field::add(llvm::ArrayRef<Gf128> a,
                                llvm::ArrayRef<Gf128> b,
                                llvm::MutableArrayRef<Gf128> out) {
  assert(a.size() == b.size() && a.size() == out.size() && "size mismatch");
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = a[i] ^ b[i];
}

Gf128 mplang::crypto::field::xorSum(llvm::ArrayRef<Gf128> a) {
  Gf128 sum;
  for (Gf128 x : a)
    sum ^= x;
  return sum;
}

void mplang::crypto::field::prefixSum(llvm::ArrayRef<Gf128> a,
                                      llvm::MutableArrayRef<Gf128> out,
                                      size_t width) {
  assert(a.size() == out.size() && width > 0 && a.size() % width == 0 &&
         "size mismatch");
  // One column keeps its sum in registers instead of reloading out[i - 1].
  if (width == 1) {
    Gf128 sum;
    for (size_t i = 0; i < out.size(); ++i)
      out[i] = sum ^= a[i];
    return;
  }
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = i < width ? a[i] : out[i - width] ^ a[i];
}

llvm::Error mplang::crypto::field::scatterAdd(llvm::MutableArrayRef<Gf128> dest,
                                              llvm::ArrayRef<uint64_t> indices,
                                              llvm::ArrayRef<Gf128> values) {
  assert(indices.size() == values.size() && "size mismatch");
  // All indices are checked first so that a failure changes nothing.
  for (size_t k = 0; k < indices.size(); ++k)
    if (indices[k] >= dest.size())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "index %lld at position %zu is outside [0, %zu)",
          static_cast<long long>(indices[k]), k, dest.size());
  for (size_t k = 0; k < indices.size(); ++k)
    dest[indices[k]] ^= values[k];
  return llvm::Error::success();
}
