//===- Group.h - the P-256 group --------------------------------*- C++ -*-===//
//
// Points are held as their 65-byte SEC1 uncompressed encodings, so a batch
// of n points is 65 n bytes; each operation loads them into per-thread
// OpenSSL scratch points. OpenSSL's x86-64 P-256 code (nistz256) multiplies
// in constant time. Scalars are 32 big-endian bytes below the group order.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_PRIMITIVES_GROUP_H
#define MPLANG_CRYPTO_PRIMITIVES_GROUP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <array>
#include <cstdint>

namespace mplang::crypto {

/// Compressed (the wire), uncompressed (memory) and scalar sizes.
constexpr size_t kPointBytes = 33, kAffineBytes = 65, kScalarBytes = 32;

/// 04 || x || y, or 65 zero bytes for the identity.
using Point = std::array<uint8_t, kAffineBytes>;
using Scalar = std::array<uint8_t, kScalarBytes>;

/// The identity is the value-initialized Point{}.
Point generator();

/// SEC1 compressed encoding; the identity is 33 zero bytes.
void compressPoint(const Point &point, uint8_t *out);
/// Fails for bytes that encode no point of the group.
llvm::Error decompressPoint(const uint8_t *in, Point &out);

/// The domain separation tag of crypto.hash_to_point.
constexpr llvm::StringLiteral kHashToPointDst =
    "MPLANG-V01-CS02-with-P256_XMD:SHA-256_SSWU_RO_";

/// RFC 9380 hash_to_curve of `msg` with the suite P256_XMD:SHA-256_SSWU_RO_
/// and the tag `dst` (at most 255 bytes): a point nobody knows the discrete
/// logarithm of. The field arithmetic (OpenSSL BIGNUM) is not hardened to
/// run in constant time: hash only data whose timing may leak to its owner.
llvm::Error hashToCurve(llvm::ArrayRef<uint8_t> msg, llvm::StringRef dst,
                        Point &out);

/// out = a + b, or a - b with `subtract`.
llvm::Error addPoints(const Point &a, const Point &b, bool subtract,
                      Point &out);
/// out = k * p, or k * G when `p` is null.
llvm::Error mulPoint(const Scalar &k, const Point *p, Point &out);

/// Uniform in [1, order).
llvm::Error randomScalar(Scalar &out);
/// The 32 big-endian bytes at `in` modulo the order.
llvm::Error reduceScalar(const uint8_t *in, Scalar &out);
enum class ScalarOp { Add, Sub, Mul };
/// out = a op b modulo the order.
llvm::Error combineScalars(const Scalar &a, const Scalar &b, ScalarOp op,
                           Scalar &out);
/// out = k^-1 modulo the order, in constant time; fails for zero.
llvm::Error invertScalar(const Scalar &k, Scalar &out);
/// Whether `k` is below the order (a canonical encoding).
bool isCanonicalScalar(const Scalar &k);

} // namespace mplang::crypto

#endif // MPLANG_CRYPTO_PRIMITIVES_GROUP_H
