//===- ExpandConvolute.h - dual expand-convolute encoding -------*- C++ -*-===//
//
// The compression step of silent VOLE: a noise vector e of n elements is
// multiplied by the dual of a systematic expand-convolute code
// (Raghuraman, Rindal, Tanguy, "Expand-Convolute Codes for Pseudorandom
// Correlation Generators from LPN", CRYPTO 2023), giving m < n elements:
//
//   1. the last p = n - m elements x = e[m..n) are convolved twice, each
//      pass in place and in order:
//        x[j] += x[j - band - 1] + sum over l in [1, band] of c(j, l) x[j - l]
//      (terms with a negative index left out), with pseudorandom bits c;
//   2. y[r] = e[r] + x[p(r, 0)] + ... + x[p(r, weight - 1)] (the expander).
//
// The coefficients and positions come from the counter stream of
// field.aes_expand's fixed key, S_t(q) = AES_K(seed ^ {q, t}):
//   - c(j, l) of pass t in {1, 2} is bit l - 1 of 32-bit word j of S_t
//     (word 4q + i is bits 32 i .. 32 i + 31 of block q);
//   - position k of row r is 64-bit word r * weight + k of S_3 (word 2q is
//     block q's lo, 2q + 1 its hi), scaled to a range as
//     floor(word * size / 2^64): the first weight - floor(weight / 2)
//     positions are regular, k in segment k of size s = floor(p / regular),
//     k s + scale(word, s); the others are uniform in [0, p).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_FIELD_EXPANDCONVOLUTE_H
#define MPLANG_CRYPTO_FIELD_EXPANDCONVOLUTE_H

#include "mplang/Crypto/Field/Gf128.h"
#include "mplang/Support/ParallelFor.h"

namespace mplang::crypto::field {

/// The largest convolution band: a row's coefficients are one 32-bit word.
constexpr uint64_t kMaxExConvBand = 32;

/// The band that has a vectorised convolution (RRT23's ExConv7x24).
constexpr uint64_t kExConvFastBand = 24;

/// The coefficient word of row j in convolution pass `pass` (1 or 2): bit
/// l - 1 is c(j, l).
uint32_t exConvCoefficients(Gf128 seed, unsigned pass, uint64_t j);

/// The number of regular expander positions of a row: weight - weight / 2.
inline uint64_t exConvRegular(uint64_t weight) { return weight - weight / 2; }

/// Position k of row r of the expander over p convolved elements.
uint64_t exConvPosition(Gf128 seed, uint64_t p, uint64_t weight, uint64_t r,
                        uint64_t k);

/// out = the dual expand-convolute encoding of `noise`. Both are row-major
/// matrices of `width` columns, encoded column by column with the same code:
/// noise has n rows, out m rows, with exConvRegular(weight) <= n - m and
/// 1 <= band <= kMaxExConvBand. `isa` must be supported by this CPU.
/// `parallel` splits the columns' convolutions (each is sequential) and the
/// expander's outputs into chunks.
void exConvEncode(llvm::ArrayRef<Gf128> noise, size_t width, Gf128 seed,
                  uint64_t weight, uint64_t band,
                  llvm::MutableArrayRef<Gf128> out, Isa isa = bestIsa(),
                  ParallelFor parallel = serialFor);

/// exConvEncode of one vector in place: its first m elements become the
/// encoding, the others are overwritten (the convolved parity part).
void exConvEncodeInPlace(llvm::MutableArrayRef<Gf128> vector, uint64_t m,
                         Gf128 seed, uint64_t weight, uint64_t band,
                         Isa isa = bestIsa(), ParallelFor parallel = serialFor);

} // namespace mplang::crypto::field

#endif // MPLANG_CRYPTO_FIELD_EXPANDCONVOLUTE_H
