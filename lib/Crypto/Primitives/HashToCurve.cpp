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
  /// Set up once: BN_mod_exp_mont would redo it per call.
  BN_MONT_CTX *mont = BN_MONT_CTX_new();
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
         mont && BN_MONT_CTX_set(mont, p, ctx) &&
         BN_set_word(t, 1000) && // -Z^3
         BN_mod_exp_mont(rootMinusZ3, t, sqrtExp, p, ctx, mont);
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

/// A square root of `v` if it has one (p = 3 mod 4).
bool root(const BIGNUM *v, BIGNUM *out, BN_CTX *ctx) {
  const Constants &c = constants();
  return BN_mod_exp_mont(out, v, c.sqrtExp, c.p, ctx, c.mont);
}

/// RFC 9380 section 6.6.2 (simplified SWU) of `u` into (x, y), given
/// zu2 = Z u^2 and inv = 1 / (Z^2 u^4 + Z u^2), or 0 where that is 0. Where
/// g(x1) is no square, y1 = g(x1)^((p+1)/4) is a root of -g(x1), and
/// g(x2) = Z^3 u^6 g(x1) has the root sqrt(-Z^3) u^3 y1: one exponentiation
/// per element instead of a square test and a root.
bool mapToCurve(const BIGNUM *u, const BIGNUM *zu2, const BIGNUM *inv,
                BIGNUM *x, BIGNUM *y, BN_CTX *ctx) {
  const Constants &c = constants();
  BN_CTX_start(ctx);
  BIGNUM *gx = BN_CTX_get(ctx), *check = BN_CTX_get(ctx),
         *tmp = BN_CTX_get(ctx);
  // x1 = -B/A (1 + inv), or B / (Z A) where inv = 0.
  bool ok = tmp &&
            (BN_is_zero(inv) ? BN_copy(x, c.bOverZA) != nullptr
                             : BN_mod_add(tmp, inv, BN_value_one(), c.p, ctx) &&
                                   BN_mod_mul(x, c.minusBOverA, tmp, c.p, ctx));
  ok = ok && curveRhs(x, gx, tmp, ctx) && root(gx, y, ctx) &&
       BN_mod_sqr(check, y, c.p, ctx);
  if (ok && BN_cmp(check, gx) != 0) {
    // x2 = Z u^2 x1, y2 = sqrt(-Z^3) u^3 y1, checked; a direct root where
    // the relation fails (u = 0).
    ok = BN_mod_mul(x, zu2, x, c.p, ctx) && curveRhs(x, gx, tmp, ctx) &&
         BN_mod_sqr(tmp, u, c.p, ctx) && BN_mod_mul(tmp, tmp, u, c.p, ctx) &&
         BN_mod_mul(y, y, tmp, c.p, ctx) &&
         BN_mod_mul(y, y, c.rootMinusZ3, c.p, ctx) &&
         BN_mod_sqr(check, y, c.p, ctx);
    if (ok && BN_cmp(check, gx) != 0)
      ok = root(gx, y, ctx);
  }
  // sgn0: the parity of u and y agree.
  if (ok && !BN_is_zero(y) && BN_is_odd(u) != BN_is_odd(y))
    ok = BN_sub(y, c.p, y);
  BN_CTX_end(ctx);
  return ok;
}

/// The field elements of `uniform` and their points (x[i], y[i]); the two
/// inversions share one (Montgomery's trick).
bool mapBoth(const uint8_t *uniform, BIGNUM *(&x)[kElements],
             BIGNUM *(&y)[kElements], BN_CTX *ctx) {
  const Constants &c = constants();
  BN_CTX_start(ctx);
  BIGNUM *u[kElements], *zu2[kElements], *den[kElements], *inv[kElements];
  for (size_t i = 0; i < kElements; ++i) {
    u[i] = BN_CTX_get(ctx);
    zu2[i] = BN_CTX_get(ctx);
    den[i] = BN_CTX_get(ctx);
    inv[i] = BN_CTX_get(ctx);
  }
  BIGNUM *all = BN_CTX_get(ctx);
  bool ok = all != nullptr;
  for (size_t i = 0; ok && i < kElements; ++i)
    ok = BN_bin2bn(uniform + i * kFieldBytes, kFieldBytes, u[i]) &&
         BN_nnmod(u[i], u[i], c.p, ctx) && BN_mod_sqr(zu2[i], u[i], c.p, ctx) &&
         BN_mod_mul(zu2[i], c.z, zu2[i], c.p, ctx) &&
         BN_mod_add(den[i], zu2[i], BN_value_one(), c.p, ctx) &&
         BN_mod_mul(den[i], den[i], zu2[i], c.p, ctx);
  ok = ok && BN_mod_mul(all, den[0], den[1], c.p, ctx);
  if (ok && BN_is_zero(all)) {
    // inv0 of each (probability 2^-255).
    for (size_t i = 0; ok && i < kElements; ++i)
      ok = BN_is_zero(den[i])
               ? (BN_zero(inv[i]), true)
               : BN_mod_inverse(inv[i], den[i], c.p, ctx) != nullptr;
  } else if (ok) {
    ok = BN_mod_inverse(all, all, c.p, ctx) &&
         BN_mod_mul(inv[0], all, den[1], c.p, ctx) &&
         BN_mod_mul(inv[1], all, den[0], c.p, ctx);
  }
  for (size_t i = 0; ok && i < kElements; ++i)
    ok = mapToCurve(u[i], zu2[i], inv[i], x[i], y[i], ctx);
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
  BIGNUM *x[kElements], *y[kElements];
  for (size_t i = 0; i < kElements; ++i) {
    x[i] = BN_CTX_get(ctx);
    y[i] = BN_CTX_get(ctx);
  }
  llvm::Error err = y[kElements - 1] && mapBoth(uniform, x, y, ctx)
                        ? llvm::Error::success()
                        : opensslError("hash_to_curve arithmetic failed");
  for (size_t i = 0; i < kElements && !err; ++i)
    err = loadAffine(x[i], y[i], q[i]);
  BN_CTX_end(ctx);
  if (err)
    return err;
  if (EC_POINT_add(p256(), scratchPoint(2), q[0], q[1], ctx) != 1)
    return opensslError("P-256 point addition failed");
  return storePoint(scratchPoint(2), out);
}
