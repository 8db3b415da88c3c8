//===- Kernels.h - per-ISA field kernels ------------------------*- C++ -*-===//
//
// Internal. Each kernel exists once per Isa level; the public functions pick
// one. Kernels for x86 extensions are compiled with function-level target
// attributes so the library itself needs no -m flags.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_FIELD_KERNELS_H
#define MPLANG_LIB_CRYPTO_FIELD_KERNELS_H

#include "mplang/Crypto/Field/Gf128.h"

#include <cstddef>

namespace mplang::crypto::field::detail {

/// out[i] = a[i] * b[i] in GF(2^128).
void mulPortable(const Gf128 *a, const Gf128 *b, Gf128 *out, size_t n);
void mulClmul(const Gf128 *a, const Gf128 *b, Gf128 *out, size_t n);
void mulAvx512(const Gf128 *a, const Gf128 *b, Gf128 *out, size_t n);

/// out[i] = AES-128 of in[i] under the 11 expanded round keys `rk`.
void aesPortable(const Gf128 *rk, const Gf128 *in, Gf128 *out, size_t n);
void aesNi(const Gf128 *rk, const Gf128 *in, Gf128 *out, size_t n);
void aesVaes(const Gf128 *rk, const Gf128 *in, Gf128 *out, size_t n);

/// out[i] = AES-128 of base ^ {first + i, 0}.
void aesCounterPortable(const Gf128 *rk, Gf128 base, uint64_t first, Gf128 *out,
                        size_t n);
void aesCounterNi(const Gf128 *rk, Gf128 base, uint64_t first, Gf128 *out,
                  size_t n);
void aesCounterVaes(const Gf128 *rk, Gf128 base, uint64_t first, Gf128 *out,
                    size_t n);

/// One convolution pass of the expand-convolute code with band 24
/// (ExpandConvolute.h) over elements [from, to), whole groups of four,
/// from >= 32: x[j] = in[j] + its terms, which read x (`in` may be x).
/// coeff[i] is element from + i's coefficient word.
void exConvAvx512(const Gf128 *in, Gf128 *x, const uint32_t *coeff,
                  uint64_t from, uint64_t to);

} // namespace mplang::crypto::field::detail

#endif // MPLANG_LIB_CRYPTO_FIELD_KERNELS_H
