//===- BitTranspose.h - transposing bit matrices ----------------*- C++ -*-===//

#ifndef MPLANG_CRYPTO_PRIMITIVES_BITTRANSPOSE_H
#define MPLANG_CRYPTO_PRIMITIVES_BITTRANSPOSE_H

#include <cstddef>
#include <cstdint>

namespace mplang::crypto {

/// Transposes the `rows` x `columns` bit matrix at `in` (row r has
/// columns / 8 bytes; bit c of a row is bit c % 8 of its byte c / 8) into
/// the `columns` x `rows` matrix at `out` in the same layout. Both counts
/// are multiples of 8. Uses SSE2 on x86-64.
void bitTranspose(const uint8_t *in, size_t rows, size_t columns,
                  uint8_t *out);

} // namespace mplang::crypto

#endif // MPLANG_CRYPTO_PRIMITIVES_BITTRANSPOSE_H
