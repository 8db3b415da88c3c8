//===- ExpandAccumulate.h - dual expand-accumulate encoding -----*- C++ -*-===//
//
// The compression step of silent VOLE and OT: a noise vector e of length n
// is multiplied by the dual of an expand-accumulate code (Boyle, Couteau,
// Gilboa, Ishai, Kohl, Resch, Scholl, CRYPTO 2022): first accumulated,
// a[i] = e[0] + ... + e[i], then expanded, y[r] = a[p(r, 0)] + ... +
// a[p(r, w - 1)], with positions drawn with replacement from a public seed.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_FIELD_EXPANDACCUMULATE_H
#define MPLANG_CRYPTO_FIELD_EXPANDACCUMULATE_H

#include "mplang/Crypto/Field/Gf128.h"
#include "mplang/Support/ParallelFor.h"

namespace mplang::crypto::field {

/// Position k of output r: word j = r * weight + k of the stream
/// AES_K(seed ^ {q, 0}), q = 0, 1, ... (two words [lo, hi] per block, as
/// field.aes_expand), scaled to [0, n) as floor(word * n / 2^64).
uint64_t eaPosition(Gf128 seed, uint64_t n, uint64_t weight, uint64_t r,
                    uint64_t k);

/// out = the dual EA encoding of `noise` with `weight` positions per output.
/// Both are row-major matrices of `width` columns, encoded column by column
/// with the same positions (n = noise.size() / width >= 1 rows in), so
/// that vectors encoded together share their memory accesses. The outputs
/// are computed in chunks split by `parallel`.
void eaEncode(llvm::ArrayRef<Gf128> noise, size_t width, Gf128 seed,
              uint64_t weight, llvm::MutableArrayRef<Gf128> out,
              ParallelFor parallel = serialFor);

} // namespace mplang::crypto::field

#endif // MPLANG_CRYPTO_FIELD_EXPANDACCUMULATE_H
