//===- P256.h - OpenSSL's P-256 group and per-thread scratch ----*- C++ -*-===//
//
// Shared by Group.cpp and HashToCurve.cpp: points cross the API as bytes
// and are loaded into scratch EC_POINTs that each thread reuses.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_PRIMITIVES_P256_H
#define MPLANG_LIB_CRYPTO_PRIMITIVES_P256_H

#include "mplang/Crypto/Primitives/Group.h"

#include <memory>
#include <openssl/bn.h>
#include <openssl/ec.h>

namespace mplang::crypto {

/// Created once and never freed.
const EC_GROUP *p256();

/// One scratch context per thread: the pool runs batches in parallel.
BN_CTX *bnContext();

/// Scratch point `i` (0, 1 or 2) of this thread.
EC_POINT *scratchPoint(unsigned i);

struct BnDeleter {
  void operator()(BIGNUM *bn) const { BN_clear_free(bn); }
};
using Bn = std::unique_ptr<BIGNUM, BnDeleter>;

/// `in` into `out`; fails when `in` is not on the curve.
llvm::Error loadPoint(const Point &in, EC_POINT *out);
/// `in` in affine coordinates (one field inversion).
llvm::Error storePoint(const EC_POINT *in, Point &out);
/// The point (x, y), checked to be on the curve.
llvm::Error loadAffine(const BIGNUM *x, const BIGNUM *y, EC_POINT *out);

} // namespace mplang::crypto

#endif // MPLANG_LIB_CRYPTO_PRIMITIVES_P256_H
