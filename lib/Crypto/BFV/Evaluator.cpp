//===- Evaluator.cpp - Homomorphic operations on BFV ciphertexts ----------===//

#include "mplang/Crypto/BFV/Evaluator.h"
#include "BaseConverter.h"
#include "KeySwitch.h"
#include "RnsIfma.h"
#include "RnsScaler.h"
#include "ScaledPlain.h"

namespace mplang::crypto::bfv {

static llvm::Error evalError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "bfv: " + msg);
}

llvm::Expected<Ciphertext> Evaluator::combine(const Ciphertext &a,
                                              const Ciphertext &b,
                                              bool subtract) const {
  if (llvm::Error err = checkCiphertext(*ctx, a))
    return std::move(err);
  if (llvm::Error err = checkCiphertext(*ctx, b))
    return std::move(err);
  const RnsBase &base = ctx->dataBase();
  Ciphertext r;
  for (size_t k = 0; k < std::max(a.size(), b.size()); ++k) {
    if (k < a.size() && k < b.size())
      r.polys.push_back(RnsPoly::sum(base, a.polys[k], b.polys[k], subtract));
    else if (k < a.size())
      r.polys.push_back(a.polys[k]);
    else
      r.polys.push_back(RnsPoly::sum(base, RnsPoly(base.size(), ctx->degree()),
                                     b.polys[k], subtract));
  }
  return r;
}

llvm::Expected<Ciphertext> Evaluator::add(const Ciphertext &a,
                                          const Ciphertext &b) const {
  return combine(a, b, /*subtract=*/false);
}

llvm::Expected<Ciphertext> Evaluator::sub(const Ciphertext &a,
                                          const Ciphertext &b) const {
  return combine(a, b, /*subtract=*/true);
}

llvm::Expected<Ciphertext> Evaluator::negate(const Ciphertext &a) const {
  if (llvm::Error err = checkCiphertext(*ctx, a))
    return std::move(err);
  Ciphertext r;
  for (const RnsPoly &p : a.polys) {
    r.polys.emplace_back(p.numModuli, p.n);
    r.polys.back().addInPlace(ctx->dataBase(), p, /*subtract=*/true);
  }
  return r;
}

llvm::Expected<Ciphertext> Evaluator::combinePlain(const Ciphertext &a,
                                                   const Plaintext &b,
                                                   bool subtract) const {
  if (llvm::Error err = checkCiphertext(*ctx, a))
    return std::move(err);
  if (llvm::Error err = checkPlaintext(*ctx, b))
    return std::move(err);
  Ciphertext r = a;
  addScaledPlain(*ctx, b, r.polys[0], subtract);
  return r;
}

llvm::Expected<Ciphertext> Evaluator::addPlain(const Ciphertext &a,
                                               const Plaintext &b) const {
  return combinePlain(a, b, /*subtract=*/false);
}

llvm::Expected<Ciphertext> Evaluator::subPlain(const Ciphertext &a,
                                               const Plaintext &b) const {
  return combinePlain(a, b, /*subtract=*/true);
}

llvm::Expected<Ciphertext> Evaluator::subFromPlain(const Plaintext &a,
                                                   const Ciphertext &b) const {
  llvm::Expected<Ciphertext> neg = negate(b);
  if (!neg)
    return neg.takeError();
  return addPlain(*neg, a);
}

llvm::Expected<Ciphertext> Evaluator::mulPlain(const Ciphertext &a,
                                               const Plaintext &b) const {
  if (llvm::Error err = checkCiphertext(*ctx, a))
    return std::move(err);
  if (llvm::Error err = checkPlaintext(*ctx, b))
    return std::move(err);
  thread_local RnsPoly plain; // reused: the lift is consumed right away
  liftPlainToNtt(*ctx, b, plain);
  return mulPlainNtt(a, plain);
}

llvm::Expected<PreparedPlaintext>
Evaluator::preparePlain(const Plaintext &b) const {
  if (llvm::Error err = checkPlaintext(*ctx, b))
    return std::move(err);
  PreparedPlaintext prepared;
  liftPlainToNtt(*ctx, b, prepared.ntt);
  return prepared;
}

llvm::Expected<Ciphertext>
Evaluator::mulPlain(const Ciphertext &a, const PreparedPlaintext &b) const {
  if (llvm::Error err = checkCiphertext(*ctx, a))
    return std::move(err);
  if (b.ntt.n != ctx->degree() || b.ntt.numModuli != ctx->dataBase().size() ||
      b.ntt.data.size() != b.ntt.n * b.ntt.numModuli)
    return evalError("malformed prepared plaintext for these parameters");
  return mulPlainNtt(a, b.ntt);
}

Ciphertext Evaluator::mulPlainNtt(const Ciphertext &a, const RnsPoly &b) const {
  const RnsBase &base = ctx->dataBase();
  Ciphertext r;
  for (const RnsPoly &p : a.polys) {
    RnsPoly x = RnsPoly::uninitialized(p.numModuli, p.n);
    for (size_t m = 0; m < base.size(); ++m)
      base.ntt(m).forward(p.component(m), x.component(m), b.component(m));
    x.inverseNtt(base);
    r.polys.push_back(std::move(x));
  }
  return r;
}

/// Extends a ciphertext polynomial from Q to Q R and transforms it.
static void extendToAux(const Context &ctx, const RnsPoly &c, RnsPoly &x) {
  const size_t l = ctx.dataBase().size(), n = ctx.degree();
  x.reshape(l + ctx.auxBase().size(), n);
  std::copy(c.data.begin(), c.data.end(), x.data.begin());
  ctx.dataToAux().convert(c.data.data(), x.component(l));
  x.forwardNtt(ctx.dataAuxBase());
}

llvm::Expected<Ciphertext> Evaluator::mul(const Ciphertext &a,
                                          const Ciphertext &b) const {
  if (llvm::Error err = checkCiphertext(*ctx, a))
    return std::move(err);
  if (llvm::Error err = checkCiphertext(*ctx, b))
    return std::move(err);
  const RnsBase &qr = ctx->dataAuxBase();
  const size_t n = ctx->degree(), l = ctx->dataBase().size(),
               k = ctx->auxBase().size();
  // Thread-local scratch: fresh megabyte-sized buffers would page-fault on
  // every call.
  thread_local std::vector<RnsPoly> x, y, tensor;
  thread_local RnsPoly scaled;
  x.resize(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    extendToAux(*ctx, a.polys[i], x[i]);
  if (&a != &b) {
    y.resize(b.size());
    for (size_t i = 0; i < b.size(); ++i)
      extendToAux(*ctx, b.polys[i], y[i]);
  }
  const std::vector<RnsPoly> &yy = &a == &b ? x : y;

  // tensor[s] = sum_{i+j=s} x_i y_j, accumulated before one reduction.
  const bool vector = ifma::usable(qr) && std::min(x.size(), yy.size()) <= 16;
  thread_local std::vector<uint64_t> lo, hi;
  tensor.resize(x.size() + yy.size() - 1);
  for (size_t s = 0; s < tensor.size(); ++s) {
    RnsPoly &t = tensor[s];
    t.reshape(l + k, n);
    size_t first = s < yy.size() ? 0 : s - yy.size() + 1,
           last = std::min(s, x.size() - 1);
    for (size_t m = 0; m < l + k; ++m) {
      const Modulus q = qr.modulus(m);
      uint64_t *tm = t.component(m);
      if (vector) {
        lo.assign(n, 0);
        hi.assign(n, 0);
        for (size_t i = first; i <= last; ++i)
          ifma::mulAccumulate(x[i].component(m), yy[s - i].component(m), n,
                              lo.data(), hi.data());
        ifma::reduceSplit(lo.data(), hi.data(), n, q.value(), tm);
        continue;
      }
      std::fill(tm, tm + n, 0);
      for (size_t i = first; i <= last; ++i) {
        const uint64_t *xm = x[i].component(m), *ym = yy[s - i].component(m);
        for (size_t c = 0; c < n; ++c)
          tm[c] = q.add(tm[c], q.mul(xm[c], ym[c]));
      }
    }
  }

  Ciphertext r;
  scaled.reshape(k, n);
  for (RnsPoly &t : tensor) {
    t.inverseNtt(qr);
    ctx->mulScaler().scale(t.data.data(), scaled.data.data());
    RnsPoly out(l, n);
    ctx->auxToData().convert(scaled.data.data(), out.data.data());
    r.polys.push_back(std::move(out));
  }
  return r;
}

llvm::Expected<Ciphertext> Evaluator::relinearize(const Ciphertext &a,
                                                  const RelinKeys &rk) const {
  if (llvm::Error err = checkCiphertext(*ctx, a))
    return std::move(err);
  if (a.size() > 3)
    return evalError("relinearize supports ciphertexts of size 3 at most");
  if (a.size() == 2)
    return a;
  Ciphertext r = a;
  r.polys.pop_back();
  keySwitch(*ctx, a.polys[2], rk.key, r.polys[0], r.polys[1]);
  return r;
}

llvm::Expected<Ciphertext> Evaluator::applyGalois(const Ciphertext &a,
                                                  uint32_t g,
                                                  const GaloisKeys &gk) const {
  if (llvm::Error err = checkCiphertext(*ctx, a))
    return std::move(err);
  if (a.size() != 2)
    return evalError("relinearize before rotating");
  auto it = gk.keys.find(g);
  if (it == gk.keys.end())
    return evalError("no Galois key for element " + llvm::Twine(g));
  const RnsBase &base = ctx->dataBase();
  Ciphertext r;
  r.polys.push_back(a.polys[0].applyGalois(base, g));
  r.polys.emplace_back(base.size(), ctx->degree());
  keySwitch(*ctx, a.polys[1].applyGalois(base, g), it->second, r.polys[0],
            r.polys[1]);
  return r;
}

llvm::Expected<Ciphertext> Evaluator::rotateRows(const Ciphertext &a,
                                                 int64_t step,
                                                 const GaloisKeys &gk) const {
  const size_t n = ctx->degree();
  const int64_t half = static_cast<int64_t>(n / 2);
  int64_t left = ((step % half) + half) % half;
  if (left == 0) {
    if (llvm::Error err = checkCiphertext(*ctx, a))
      return std::move(err);
    return a;
  }
  uint32_t g = galoisElementForRowRotation(n, left);
  if (gk.keys.count(g))
    return applyGalois(a, g, gk);
  Ciphertext r = a;
  for (int64_t part : powerOfTwoRotations(n, left)) {
    llvm::Expected<Ciphertext> next =
        applyGalois(r, galoisElementForRowRotation(n, part), gk);
    if (!next)
      return next.takeError();
    r = std::move(*next);
  }
  return r;
}

llvm::Expected<Ciphertext>
Evaluator::rotateColumns(const Ciphertext &a, const GaloisKeys &gk) const {
  return applyGalois(a, galoisElementForColumnRotation(ctx->degree()), gk);
}

} // namespace mplang::crypto::bfv
