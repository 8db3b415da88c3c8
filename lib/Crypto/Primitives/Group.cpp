//===- Group.cpp - P-256 points and scalars over OpenSSL ------------------===//
//
// OpenSSL picks its constant-time nistz256 code for P-256 on x86-64
// (docs/crypto.md); the arithmetic goes through the EC_POINT API on
// per-thread scratch points.
//
//===----------------------------------------------------------------------===//

#include "OpenSSLError.h"
#include "P256.h"

#include <algorithm>
#include <cstring>
#include <openssl/err.h>
#include <openssl/obj_mac.h>

using namespace mplang::crypto;

const EC_GROUP *mplang::crypto::p256() {
  static EC_GROUP *group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
  return group;
}

namespace {
/// A thread's context and points, freed when the thread ends.
struct Scratch {
  BN_CTX *ctx = BN_CTX_new();
  EC_POINT *points[3] = {EC_POINT_new(p256()), EC_POINT_new(p256()),
                         EC_POINT_new(p256())};
  ~Scratch() {
    for (EC_POINT *p : points)
      EC_POINT_free(p);
    BN_CTX_free(ctx);
  }
};

Scratch &scratch() {
  thread_local Scratch s;
  return s;
}

const Scalar &orderBytes() {
  static const Scalar order = [] {
    Scalar bytes{};
    BN_bn2binpad(EC_GROUP_get0_order(p256()), bytes.data(), bytes.size());
    return bytes;
  }();
  return order;
}

bool isIdentity(const uint8_t *bytes, size_t size) {
  return std::all_of(bytes, bytes + size, [](uint8_t b) { return b == 0; });
}
} // namespace

BN_CTX *mplang::crypto::bnContext() { return scratch().ctx; }

EC_POINT *mplang::crypto::scratchPoint(unsigned i) {
  return scratch().points[i];
}

llvm::Error mplang::crypto::loadAffine(const BIGNUM *x, const BIGNUM *y,
                                       EC_POINT *out) {
  if (EC_POINT_set_affine_coordinates(p256(), out, x, y, bnContext()) != 1) {
    ERR_clear_error();
    return llvm::createStringError("not a point of P-256");
  }
  return llvm::Error::success();
}

llvm::Error mplang::crypto::loadPoint(const Point &in, EC_POINT *out) {
  if (isIdentity(in.data(), in.size()))
    return EC_POINT_set_to_infinity(p256(), out) == 1
               ? llvm::Error::success()
               : opensslError("cannot set a point");
  Bn x(BN_bin2bn(in.data() + 1, 32, nullptr)),
      y(BN_bin2bn(in.data() + 33, 32, nullptr));
  if (!x || !y)
    return opensslError("cannot load a point");
  return loadAffine(x.get(), y.get(), out);
}

llvm::Error mplang::crypto::storePoint(const EC_POINT *in, Point &out) {
  out = Point{};
  if (EC_POINT_is_at_infinity(p256(), in))
    return llvm::Error::success();
  if (EC_POINT_point2oct(p256(), in, POINT_CONVERSION_UNCOMPRESSED, out.data(),
                         out.size(), bnContext()) != out.size())
    return opensslError("cannot encode a P-256 point");
  return llvm::Error::success();
}

Point mplang::crypto::generator() {
  Point g;
  llvm::cantFail(storePoint(EC_GROUP_get0_generator(p256()), g));
  return g;
}

void mplang::crypto::compressPoint(const Point &point, uint8_t *out) {
  if (isIdentity(point.data(), point.size())) {
    std::memset(out, 0, kPointBytes);
    return;
  }
  out[0] = 2 | (point[kAffineBytes - 1] & 1);
  std::memcpy(out + 1, point.data() + 1, kPointBytes - 1);
}

llvm::Error mplang::crypto::decompressPoint(const uint8_t *in, Point &out) {
  if (isIdentity(in, kPointBytes)) {
    out = Point{};
    return llvm::Error::success();
  }
  // Only compressed encodings (02/03): 33 bytes cannot be anything else,
  // and OpenSSL checks that x is below p and has a point on the curve.
  EC_POINT *p = scratchPoint(0);
  if ((in[0] != 2 && in[0] != 3) ||
      EC_POINT_oct2point(p256(), p, in, kPointBytes, bnContext()) != 1) {
    ERR_clear_error();
    return llvm::createStringError(
        "invalid P-256 point encoding: not a compressed point of the curve "
        "nor 33 zero bytes");
  }
  return storePoint(p, out);
}

llvm::Error mplang::crypto::addPoints(const Point &a, const Point &b,
                                      bool subtract, Point &out) {
  EC_POINT *pa = scratchPoint(0), *pb = scratchPoint(1), *sum = scratchPoint(2);
  if (llvm::Error err = loadPoint(a, pa))
    return err;
  if (llvm::Error err = loadPoint(b, pb))
    return err;
  if (subtract && EC_POINT_invert(p256(), pb, bnContext()) != 1)
    return opensslError("cannot negate a P-256 point");
  if (EC_POINT_add(p256(), sum, pa, pb, bnContext()) != 1)
    return opensslError("P-256 point addition failed");
  return storePoint(sum, out);
}

llvm::Error mplang::crypto::mulPoint(const Scalar &k, const Point *p,
                                     Point &out) {
  Bn scalar(BN_bin2bn(k.data(), k.size(), nullptr));
  if (!scalar)
    return opensslError("cannot load a scalar");
  EC_POINT *base = scratchPoint(0), *product = scratchPoint(1);
  if (p)
    if (llvm::Error err = loadPoint(*p, base))
      return err;
  int ok = p ? EC_POINT_mul(p256(), product, nullptr, base, scalar.get(),
                            bnContext())
             : EC_POINT_mul(p256(), product, scalar.get(), nullptr, nullptr,
                            bnContext());
  if (ok != 1)
    return opensslError("P-256 scalar multiplication failed");
  return storePoint(product, out);
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
      BN_nnmod(r.get(), k.get(), EC_GROUP_get0_order(p256()), bnContext()) != 1)
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
  int ok = op == ScalarOp::Add
               ? BN_mod_add(r.get(), x.get(), y.get(), n, bnContext())
           : op == ScalarOp::Sub
               ? BN_mod_sub(r.get(), x.get(), y.get(), n, bnContext())
               : BN_mod_mul(r.get(), x.get(), y.get(), n, bnContext());
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
