//===- Gf128.h - GF(2^128) elements and arithmetic --------------*- C++ -*-===//
//
// An element is the integer lo + hi * 2^64 whose bit i is the coefficient of
// x^i (little-endian, not the bit-reflected GCM convention), reduced modulo
// x^128 + x^7 + x^2 + x + 1. In memory an element is its 16-byte
// little-endian encoding, so a (n, 2) u64 tensor is an array of n elements.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_FIELD_GF128_H
#define MPLANG_CRYPTO_FIELD_GF128_H

#include "mplang/Crypto/Field/Isa.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace mplang::crypto::field {

struct Gf128 {
  uint64_t lo = 0;
  uint64_t hi = 0;

  friend bool operator==(Gf128 a, Gf128 b) {
    return a.lo == b.lo && a.hi == b.hi;
  }
  friend bool operator!=(Gf128 a, Gf128 b) { return !(a == b); }
  /// Field addition.
  friend Gf128 operator^(Gf128 a, Gf128 b) {
    return {a.lo ^ b.lo, a.hi ^ b.hi};
  }
  Gf128 &operator^=(Gf128 b) { return *this = *this ^ b; }
};
static_assert(sizeof(Gf128) == 16, "elements must pack as 16-byte blocks");

/// The product a * b.
Gf128 mul(Gf128 a, Gf128 b);

/// out[i] = a[i] * b[i]. The three arrays have equal sizes; `out` may alias an
/// input. `isa` must be supported by this CPU.
void mul(llvm::ArrayRef<Gf128> a, llvm::ArrayRef<Gf128> b,
         llvm::MutableArrayRef<Gf128> out, Isa isa = bestIsa());

/// out[i] = a[i] * b: every element times one. `out` may alias `a`.
void mulScalar(llvm::ArrayRef<Gf128> a, Gf128 b,
               llvm::MutableArrayRef<Gf128> out, Isa isa = bestIsa());

/// out[i] = a[i] + b[i].
void add(llvm::ArrayRef<Gf128> a, llvm::ArrayRef<Gf128> b,
         llvm::MutableArrayRef<Gf128> out);

/// The sum of all elements (zero for an empty array).
Gf128 xorSum(llvm::ArrayRef<Gf128> a);

/// The inclusive scan down the columns of a row-major matrix of `width`
/// columns: out[i] = a[i] + a[i - width] + a[i - 2 width] + ..., so with
/// width 1, out[i] = a[0] + ... + a[i]. The arrays have equal sizes, a
/// multiple of `width`; `out` may alias `a`.
void prefixSum(llvm::ArrayRef<Gf128> a, llvm::MutableArrayRef<Gf128> out,
               size_t width = 1);

/// dest[indices[k]] += values[k] for each k; the two arrays have equal sizes.
/// Fails, leaving `dest` as it was, if an index (read as signed) is outside
/// the vector.
llvm::Error scatterAdd(llvm::MutableArrayRef<Gf128> dest,
                       llvm::ArrayRef<uint64_t> indices,
                       llvm::ArrayRef<Gf128> values);

} // namespace mplang::crypto::field

#endif // MPLANG_CRYPTO_FIELD_GF128_H
