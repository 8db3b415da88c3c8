//===- Group.cpp - P-256 points and scalars over OpenSSL ------------------===//
//
// OpenSSL picks its constant-time nistz256 code for P-256 on x86-64
// (docs/crypto.md); everything here goes through the EC_POINT API.
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/Primitives/Group.h"
#include "OpenSSLError.h"

#include "mplang/Crypto/Primitives/Hash.h"

#include <algorithm>
#include <cstring>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <vector>

using namespace mplang::crypto;

namespace {
/// Created once and never freed: points refer to it for their lifetime.
const EC_GROUP *p256() {
  static EC_GROUP *group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
  return group;
}

/// One scratch context per thread: the pool runs batches in parallel.
BN_CTX *bnContext() {
  struct Holder {
    BN_CTX *ctx = BN_CTX_new();
    ~Holder() { BN_CTX_free(ctx); }
  };
  thread_local Holder holder;
  return holder.ctx;
}

struct BnDeleter {
  void operator()(BIGNUM *bn) const { BN_clear_free(bn); }
};
using Bn = std::unique_ptr<BIGNUM, BnDeleter>;

const Scalar &orderBytes() {
  static const Scalar order = [] {
    Scalar bytes{};
    BN_bn2binpad(EC_GROUP_get0_order(p256()), bytes.data(), bytes.size());
    return bytes;
  }();
  return order;
}
} // namespace

void PointDeleter::operator()(EC_POINT *point) const { EC_POINT_free(point); }

Point mplang::crypto::newPoint() { return Point(EC_POINT_new(p256())); }

Point mplang::crypto::generator() {
  return Point(EC_POINT_dup(EC_GROUP_get0_generator(p256()), p256()));
}

llvm::Error mplang::crypto::encodePoint(const EC_POINT *point, uint8_t *out) {
  if (EC_POINT_is_at_infinity(p256(), point)) {
    std::memset(out, 0, kPointBytes);
    return llvm::Error::success();
  }
  if (EC_POINT_point2oct(p256(), point, POINT_CONVERSION_COMPRESSED, out,
                         kPointBytes, bnContext()) != kPointBytes)
    return opensslError("cannot encode a P-256 point");
  return llvm::Error::success();
}

llvm::Error mplang::crypto::decodePoint(const uint8_t *in, Point &out) {
  out = newPoint();
  if (!out)
    return opensslError("cannot allocate a point");
  if (std::all_of(in, in + kPointBytes, [](uint8_t b) { return b == 0; }))
    return llvm::Error::success();
  // Only compressed encodings (02/03): 33 bytes cannot be anything else,
  // and OpenSSL checks that x is below p and has a point on the curve.
  if ((in[0] != 2 && in[0] != 3) ||
      EC_POINT_oct2point(p256(), out.get(), in, kPointBytes, bnContext()) !=
          1) {
    ERR_clear_error();
    return llvm::createStringError(
        "invalid P-256 point encoding: not a compressed point of the curve "
        "nor 33 zero bytes");
  }
  return llvm::Error::success();
}

llvm::Error mplang::crypto::hashToPoint(llvm::ArrayRef<uint8_t> in,
                                        Point &out) {
  static constexpr char kTag[] = "mplang hash_to_point P-256";
  std::vector<uint8_t> message(kTag, kTag + sizeof(kTag) - 1);
  size_t counterAt = message.size();
  message.push_back(0);
  message.insert(message.end(), in.begin(), in.end());
  out = newPoint();
  if (!out)
    return opensslError("cannot allocate a point");
  uint8_t encoding[kPointBytes] = {2};
  // Each x has a point with probability about 1/2: 256 failures in a row
  // (2^-256) would mean a broken hash.
  for (unsigned counter = 0; counter < 256; ++counter) {
    message[counterAt] = uint8_t(counter);
    if (llvm::Error err = sha256(message, encoding + 1))
      return err;
    if (EC_POINT_oct2point(p256(), out.get(), encoding, kPointBytes,
                           bnContext()) == 1)
      return llvm::Error::success();
    ERR_clear_error();
  }
  return llvm::createStringError("no P-256 point in 256 hashes");
}

llvm::Error mplang::crypto::addPoints(const EC_POINT *a, const EC_POINT *b,
                                      bool subtract, EC_POINT *out) {
  const EC_POINT *rhs = b;
  Point negated;
  if (subtract) {
    negated.reset(EC_POINT_dup(b, p256()));
    if (!negated || EC_POINT_invert(p256(), negated.get(), bnContext()) != 1)
      return opensslError("cannot negate a P-256 point");
    rhs = negated.get();
  }
  if (EC_POINT_add(p256(), out, a, rhs, bnContext()) != 1)
    return opensslError("P-256 point addition failed");
  return llvm::Error::success();
}

llvm::Error mplang::crypto::mulPoint(const Scalar &k, const EC_POINT *p,
                                     EC_POINT *out) {
  Bn scalar(BN_bin2bn(k.data(), k.size(), nullptr));
  if (!scalar)
    return opensslError("cannot load a scalar");
  int ok = p ? EC_POINT_mul(p256(), out, nullptr, p, scalar.get(),
                            bnContext())
             : EC_POINT_mul(p256(), out, scalar.get(), nullptr, nullptr,
                            bnContext());
  if (ok != 1)
    return opensslError("P-256 scalar multiplication failed");
  return llvm::Error::success();
}

llvm::Error mplang::crypto::randomScalar(Scalar &out) {
  Bn k(BN_new());
  if (!k)
    return opensslError("cannot allocate a scalar");
  do {
    if (BN_priv_rand_range_ex(k.get(), EC_GROUP_get0_order(p256()), 0,
                              bnContext()) != 1)
      return opensslError("cannot draw a random scalar");
  } while (BN_is_zero(k.get()));
  BN_bn2binpad(k.get(), out.data(), out.size());
  return llvm::Error::success();
}

llvm::Error mplang::crypto::reduceScalar(const uint8_t *in, Scalar &out) {
  Bn k(BN_bin2bn(in, kScalarBytes, nullptr)), r(BN_new());
  if (!k || !r ||
      BN_nnmod(r.get(), k.get(), EC_GROUP_get0_order(p256()), bnContext()) !=
          1)
    return opensslError("cannot reduce a scalar");
  BN_bn2binpad(r.get(), out.data(), out.size());
  return llvm::Error::success();
}

llvm::Error mplang::crypto::combineScalars(const Scalar &a, const Scalar &b,
                                           ScalarOp op, Scalar &out) {
  Bn x(BN_bin2bn(a.data(), a.size(), nullptr)),
      y(BN_bin2bn(b.data(), b.size(), nullptr)), r(BN_new());
  const BIGNUM *n = EC_GROUP_get0_order(p256());
  if (!x || !y || !r)
    return opensslError("cannot load scalars");
  int ok = op == ScalarOp::Add   ? BN_mod_add(r.get(), x.get(), y.get(), n,
                                              bnContext())
           : op == ScalarOp::Sub ? BN_mod_sub(r.get(), x.get(), y.get(), n,
                                              bnContext())
                                 : BN_mod_mul(r.get(), x.get(), y.get(), n,
                                              bnContext());
  if (ok != 1)
    return opensslError("scalar arithmetic failed");
  BN_bn2binpad(r.get(), out.data(), out.size());
  return llvm::Error::success();
}

llvm::Error mplang::crypto::invertScalar(const Scalar &k, Scalar &out) {
  Bn x(BN_bin2bn(k.data(), k.size(), nullptr)), e(BN_new()), r(BN_new());
  const BIGNUM *n = EC_GROUP_get0_order(p256());
  if (!x || !e || !r)
    return opensslError("cannot load a scalar");
  if (BN_is_zero(x.get()))
    return llvm::createStringError("zero has no inverse");
  // Fermat: the order is prime, and the exponentiation is constant time.
  if (!BN_sub(e.get(), n, BN_value_one()) ||
      !BN_sub(e.get(), e.get(), BN_value_one()) ||
      BN_mod_exp_mont_consttime(r.get(), x.get(), e.get(), n, bnContext(),
                                nullptr) != 1)
    return opensslError("cannot invert a scalar");
  BN_bn2binpad(r.get(), out.data(), out.size());
  return llvm::Error::success();
}

bool mplang::crypto::isCanonicalScalar(const Scalar &k) {
  return std::memcmp(k.data(), orderBytes().data(), kScalarBytes) < 0;
}
