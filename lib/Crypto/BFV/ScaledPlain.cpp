//===- ScaledPlain.cpp - Adding Delta m to a ciphertext -------------------===//

#include "ScaledPlain.h"
#include "NttIfma.h"
#include "RnsIfma.h"

#include "llvm/ADT/STLExtras.h"

namespace mplang::crypto::bfv {

void addScaledPlain(const Context &ctx, const Plaintext &pt, RnsPoly &c,
                    bool subtract) {
  const Modulus t = ctx.plainModulus();
  const uint64_t halfT = t.value() / 2, qModT = ctx.qModT();
  const size_t n = ctx.degree();
  thread_local std::vector<uint64_t> fix;
  fix.resize(n);
  // Below 2^31, (Q mod t) m + t/2 < 2^62: one 64-bit division.
  if (t.value() < (uint64_t(1) << 31))
    for (size_t i = 0; i < n; ++i)
      fix[i] = t.quotient64(qModT * pt.coeffs[i] + halfT);
  else
    for (size_t i = 0; i < n; ++i)
      fix[i] = t.quotient128(static_cast<u128>(qModT) * pt.coeffs[i] + halfT);
  const RnsBase &base = ctx.dataBase();
  const bool vector = ifma::usable(base) && t.value() < (uint64_t(1) << 52);
  for (size_t m = 0; m < base.size(); ++m) {
    const Modulus q = base.modulus(m);
    ShoupConst delta = ctx.deltaModQ()[m];
    uint64_t *cm = c.component(m);
    if (vector) {
      ifma::addScaled(cm, pt.coeffs.data(), fix.data(), n, q.value(),
                      delta.value, subtract);
      continue;
    }
    for (size_t i = 0; i < n; ++i) {
      uint64_t v = q.add(q.mulShoup(pt.coeffs[i], delta), fix[i]);
      cm[i] = subtract ? q.sub(cm[i], v) : q.add(cm[i], v);
    }
  }
}

void liftPlainToNtt(const Context &ctx, const Plaintext &pt, RnsPoly &out) {
  const RnsBase &base = ctx.dataBase();
  const size_t n = ctx.degree();
  const uint64_t t = ctx.plainModulus().value();
  out.reshape(base.size(), n);
  const bool vector = ifma::usable(base);
  for (size_t m = 0; m < base.size(); ++m) {
    const uint64_t q = base.modulus(m).value();
    uint64_t *om = out.component(m);
    if (vector) {
      ifma::liftCentred(pt.coeffs.data(), n, t, q, om);
      continue;
    }
    for (size_t i = 0; i < n; ++i)
      om[i] = pt.coeffs[i] > t / 2 ? q - (t - pt.coeffs[i]) : pt.coeffs[i];
  }
  out.forwardNtt(base);
}

static llvm::Error shapeError(const char *what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "bfv: malformed %s for these parameters",
                                 what);
}

llvm::Error checkCiphertextAtAnyLevel(const Context &ctx,
                                      const Ciphertext &ct) {
  if (ct.size() < 2)
    return shapeError("ciphertext");
  const size_t primes = ct.numPrimes();
  if (primes == 0 || primes > ctx.dataBase().size())
    return shapeError("ciphertext");
  for (const RnsPoly &p : ct.polys)
    if (p.n != ctx.degree() || p.numModuli != primes ||
        p.data.size() != p.n * p.numModuli)
      return shapeError("ciphertext");
  return llvm::Error::success();
}

llvm::Error checkCiphertext(const Context &ctx, const Ciphertext &ct) {
  if (llvm::Error err = checkCiphertextAtAnyLevel(ctx, ct))
    return err;
  if (ct.numPrimes() != ctx.dataBase().size())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "bfv: a modulus-switched ciphertext can only be decrypted or "
        "serialized");
  return llvm::Error::success();
}

llvm::Error checkPlaintext(const Context &ctx, const Plaintext &pt) {
  if (pt.coeffs.size() != ctx.degree())
    return shapeError("plaintext");
  const uint64_t t = ctx.plainModulus().value();
  const bool vector = ifma::cpuSupported() && pt.coeffs.size() % 8 == 0;
  if (vector ? !ifma::allBelow(pt.coeffs.data(), pt.coeffs.size(), t)
             : llvm::any_of(pt.coeffs, [t](uint64_t c) { return c >= t; }))
    return shapeError("plaintext");
  return llvm::Error::success();
}

} // namespace mplang::crypto::bfv
