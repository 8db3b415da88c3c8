//===- HashToCurve.cpp - RFC 9380 P256_XMD:SHA-256_SSWU_RO_ ---------------===//
//
// expand_message_xmd with SHA-256, hash_to_field (two elements of 48 bytes
// each), the simplified SWU map for P-256 (A = -3, Z = -10) of each, and
// their sum (the cofactor is 1). Field arithmetic is OpenSSL BIGNUM modulo
// p, not constant time.
//
//===----------------------------------------------------------------------===//

#include "OpenSSLError.h"
#include "P256.h"

#include "mplang/Crypto/Primitives/Hash.h"

#include <cstring>

using namespace mplang::crypto;

namespace {

/// Bytes per field element (L = ceil((256 + 128) / 8)) and elements.
constexpr size_t kFieldBytes = 48, kElements = 2;

/// The constants of the map, computed once and only read afterwards.
struct Constants {
  BIGNUM *p = BN_new(), *b = BN_new(), *a = BN_new(), *z = BN_new();
  /// -B / A, B / (Z A), (p + 1) / 4 (square roots, as p = 3 mod 4) and a
  /// square root of -Z^3, which relates the roots of g(x1) and g(x2).
  BIGNUM *minusBOverA = BN_new(), *bOverZA = BN_new(), *sqrtExp = BN_new(),
         *rootMinusZ3 = BN_new();
  bool ok = false;

  Constants() {
    BN_CTX *ctx = bnContext();
    BIGNUM *t = BN_new();
    ok = t && EC_GROUP_get_curve(p256(), p, a, b, ctx) == 1 &&
         BN_set_word(z, 10) && BN_sub(z, p, z) && // Z = -10
         BN_mod_inverse(t, a, p, ctx) &&          // 1 / A
         BN_mod_mul(minusBOverA, b, t, p, ctx) && // B / A
         BN_sub(minusBOverA, p, minusBOverA) &&   // -B / A
         BN_mod_mul(t, z, a, p, ctx) &&           // Z A
         BN_mod_inverse(t, t, p, ctx) &&          // 1 / (Z A)
         BN_mod_mul(bOverZA, b, t, p, ctx) &&     // B / (Z A)
         BN_add(sqrtExp, p, BN_value_one()) &&    // p + 1
         BN_rshift(sqrtExp, sqrtExp, 2) &&        // (p + 1) / 4
         BN_set_word(t, 1000) &&                  // -Z^3
         BN_mod_exp(rootMinusZ3, t, sqrtExp, p, ctx);
    BN_free(t);
  }
};

const Constants &constants() {
  static const Constants c;
  return c;
}

/// RFC 9380 section 5.3.1 for 96 output bytes (three SHA-256 blocks).
llvm::Error expandMessageXmd(llvm::ArrayRef<uint8_t> msg,
                             llvm::ArrayRef<uint8_t> dstPrime,
                             uint8_t (&out)[kElements * kFieldBytes]) {
  static constexpr uint8_t zPad[64] = {};
  static constexpr uint8_t lengthAndZero[3] = {0, kElements * kFieldBytes, 0};
  uint8_t b0[kSha256Bytes];
  if (llvm::Error err = sha256Parts({zPad, msg, lengthAndZero, dstPrime}, b0))
    return err;
  uint8_t mixed[kSha256Bytes];
  std::memcpy(mixed, b0, sizeof(b0));
  for (uint8_t i = 1; i <= sizeof(out) / kSha256Bytes; ++i) {
    uint8_t *bi = out + (i - 1) * kSha256Bytes;
    if (llvm::Error err = sha256Parts({mixed, {&i, 1}, dstPrime}, bi))
      return err;
    for (size_t j = 0; j < kSha256Bytes; ++j)
      mixed[j] = b0[j] ^ bi[j];
  }
  return llvm::Error::success();
}

/// g(x) = x^3 + A x + B.
bool curveRhs(const BIGNUM *x, BIGNUM *out, BIGNUM *t, BN_CTX *ctx) {
  const Constants &c = constants();
  return BN_mod_sqr(t, x, c.p, ctx) && BN_mod_add(t, t, c.a, c.p, ctx) &&
         BN_mod_mul(t, t, x, c.p, ctx) && BN_mod_add(out, t, c.b, c.p, ctx);
}

/// RFC 9380 section 6.6.2 (simplified SWU) of `u` into (x, y). Where g(x1)
/// is no square, y1 = g(x1)^((p+1)/4) is a root of -g(x1), and
/// g(x2) = Z^3 u^6 g(x1) has the root sqrt(-Z^3) u^3 y1: one exponentiation
/// per element instead of a square test and a root.
bool mapToCurve(const BIGNUM *u, BIGNUM *x, BIGNUM *y, BN_CTX *ctx) {
  const Constants &c = constants();
  BN_CTX_start(ctx);
  BIGNUM *u2 = BN_CTX_get(ctx), *t = BN_CTX_get(ctx), *gx = BN_CTX_get(ctx),
         *check = BN_CTX_get(ctx), *tmp = BN_CTX_get(ctx);
  bool ok = tmp && BN_mod_sqr(u2, u, c.p, ctx) && // u^2
            BN_mod_mul(t, c.z, u2, c.p, ctx) &&   // Z u^2
            BN_mod_add(tmp, t, BN_value_one(), c.p, ctx) &&
            BN_mod_mul(tmp, tmp, t, c.p, ctx); // Z^2 u^4 + Z u^2
  if (ok && BN_is_zero(tmp)) {
    ok = BN_copy(x, c.bOverZA) != nullptr;
  } else if (ok) {
    // x1 = -B/A (1 + 1 / tmp)
    ok = BN_mod_inverse(tmp, tmp, c.p, ctx) &&
         BN_mod_add(tmp, tmp, BN_value_one(), c.p, ctx) &&
         BN_mod_mul(x, c.minusBOverA, tmp, c.p, ctx);
  }
  ok = ok && curveRhs(x, gx, tmp, ctx) &&
       BN_mod_exp_mont(y, gx, c.sqrtExp, c.p, ctx, nullptr) &&
       BN_mod_sqr(check, y, c.p, ctx);
  if (ok && BN_cmp(check, gx) != 0) {
    // x2 = Z u^2 x1, y2 = sqrt(-Z^3) u^3 y1, checked; a direct root where
    // the relation fails (u = 0).
    ok = BN_mod_mul(x, t, x, c.p, ctx) && curveRhs(x, gx, tmp, ctx) &&
         BN_mod_mul(tmp, u2, u, c.p, ctx) && BN_mod_mul(y, y, tmp, c.p, ctx) &&
         BN_mod_mul(y, y, c.rootMinusZ3, c.p, ctx) &&
         BN_mod_sqr(check, y, c.p, ctx);
    if (ok && BN_cmp(check, gx) != 0)
      ok = BN_mod_exp_mont(y, gx, c.sqrtExp, c.p, ctx, nullptr);
  }
  // sgn0: the parity of u and y agree.
  if (ok && !BN_is_zero(y) && BN_is_odd(u) != BN_is_odd(y))
    ok = BN_sub(y, c.p, y);
  BN_CTX_end(ctx);
  return ok;
}

} // namespace

llvm::Error mplang::crypto::hashToCurve(llvm::ArrayRef<uint8_t> msg,
                                        llvm::StringRef dst, Point &out) {
  if (dst.empty() || dst.size() > 255)
    return llvm::createStringError(
        "hash_to_curve: the tag must have 1 to 255 bytes");
  const Constants &c = constants();
  if (!c.ok)
    return opensslError("cannot set up hash_to_curve");
  uint8_t dstPrime[256];
  std::memcpy(dstPrime, dst.data(), dst.size());
  dstPrime[dst.size()] = uint8_t(dst.size());
  uint8_t uniform[kElements * kFieldBytes];
  if (llvm::Error err =
          expandMessageXmd(msg, {dstPrime, dst.size() + 1}, uniform))
    return err;

  BN_CTX *ctx = bnContext();
  EC_POINT *q[kElements] = {scratchPoint(0), scratchPoint(1)};
  BN_CTX_start(ctx);
  BIGNUM *u = BN_CTX_get(ctx), *x = BN_CTX_get(ctx), *y = BN_CTX_get(ctx);
  llvm::Error err = llvm::Error::success();
  for (size_t i = 0; i < kElements && !err; ++i) {
    if (!y || !BN_bin2bn(uniform + i * kFieldBytes, kFieldBytes, u) ||
        !BN_nnmod(u, u, c.p, ctx) || !mapToCurve(u, x, y, ctx))
      err = opensslError("hash_to_curve arithmetic failed");
    else
      err = loadAffine(x, y, q[i]);
  }
  BN_CTX_end(ctx);
  if (err)
    return err;
  if (EC_POINT_add(p256(), scratchPoint(2), q[0], q[1], ctx) != 1)
    return opensslError("P-256 point addition failed");
  return storePoint(scratchPoint(2), out);
}
