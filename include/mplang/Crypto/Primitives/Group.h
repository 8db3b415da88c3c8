//===- Group.h - the P-256 group for base OT --------------------*- C++ -*-===//
//
// Points are OpenSSL EC_POINTs of P-256, whose x86-64 code (nistz256) is
// constant time; scalars are 32 big-endian bytes below the group order.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_PRIMITIVES_GROUP_H
#define MPLANG_CRYPTO_PRIMITIVES_GROUP_H

#include "llvm/Support/Error.h"
#include <array>
#include <cstdint>
#include <memory>

typedef struct ec_point_st EC_POINT;

namespace mplang::crypto {

constexpr size_t kPointBytes = 33, kScalarBytes = 32;

struct PointDeleter {
  void operator()(EC_POINT *point) const;
};
using Point = std::unique_ptr<EC_POINT, PointDeleter>;
using Scalar = std::array<uint8_t, kScalarBytes>;

/// The identity, to be overwritten by the operations below.
Point newPoint();
Point generator();

/// SEC1 compressed encoding; the identity is 33 zero bytes.
llvm::Error encodePoint(const EC_POINT *point, uint8_t *out);
/// Fails for bytes that encode no point of the group.
llvm::Error decodePoint(const uint8_t *in, Point &out);

/// A point whose discrete logarithm nobody knows, from the bytes `in`
/// (try-and-increment): the first x = SHA-256(tag, counter, in) for
/// counter = 0, 1, ... with a point on the curve, taken with its even y.
/// About two tries on average; the time depends on `in`.
llvm::Error hashToPoint(llvm::ArrayRef<uint8_t> in, Point &out);

/// out = a + b, or a - b with `subtract`.
llvm::Error addPoints(const EC_POINT *a, const EC_POINT *b, bool subtract,
                      EC_POINT *out);
/// out = k * p, or k * G when `p` is null.
llvm::Error mulPoint(const Scalar &k, const EC_POINT *p, EC_POINT *out);

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
