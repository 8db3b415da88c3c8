//===- ModSwitch.cpp - Rounded division by the last prime -----------------===//

#include "ModSwitch.h"
#include "RnsIfma.h"
#include "ScaledPlain.h"
#include "mplang/Crypto/BFV/Evaluator.h"

namespace mplang::crypto::bfv {

void divideByLastPrime(const RnsBase &base, const RnsPoly &x, RnsPoly &out,
                       bool accumulate) {
  const size_t n = base.degree(), l = base.size() - 1;
  const uint64_t p = base.modulus(l).value(), halfP = p / 2;
  const uint64_t *rp = x.component(l);
  const bool vector = ifma::usable(base);
  for (size_t j = 0; j < l; ++j) {
    const Modulus qj = base.modulus(j);
    const uint64_t pModQ = qj.reduce(p);
    const ShoupConst pInv = qj.shoup(qj.inv(pModQ));
    const uint64_t *xj = x.component(j);
    uint64_t *oj = out.component(j);
    if (vector) {
      ifma::divideByLast(xj, rp, n, qj.value(), halfP, pModQ, pInv.value,
                         accumulate, oj);
      continue;
    }
    for (size_t i = 0; i < n; ++i) {
      // Selects instead of branches: the sign of the residue is random.
      uint64_t lifted = qj.sub(qj.reduce(rp[i]), rp[i] > halfP ? pModQ : 0);
      uint64_t v = qj.mulShoup(qj.sub(xj[i], lifted), pInv);
      oj[i] = accumulate ? qj.add(oj[i], v) : v;
    }
  }
}

llvm::Expected<Ciphertext> Evaluator::modSwitch(const Ciphertext &a,
                                                size_t drop) const {
  if (llvm::Error err = checkCiphertextAtAnyLevel(*ctx, a))
    return std::move(err);
  const size_t primes = a.numPrimes(), n = ctx->degree();
  if (drop == 0 || drop >= primes)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "bfv: modulus switching must drop between 1 and %zu of the "
        "ciphertext's %zu primes",
        primes - 1, primes);
  Ciphertext r;
  for (const RnsPoly &p : a.polys) {
    // One prime at a time: each step is an exact rounded division.
    const RnsPoly *from = &p;
    RnsPoly x;
    for (size_t k = primes; k > primes - drop; --k) {
      RnsPoly y = RnsPoly::uninitialized(k - 1, n);
      divideByLastPrime(ctx->dataBase().prefix(k), *from, y,
                        /*accumulate=*/false);
      x = std::move(y);
      from = &x;
    }
    r.polys.push_back(std::move(x));
  }
  return r;
}

} // namespace mplang::crypto::bfv
