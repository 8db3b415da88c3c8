//===- Decryptor.cpp - BFV decryption and noise measurement ---------------===//

#include "BigUInt.h"
#include "RnsScaler.h"
#include "ScaledPlain.h"
#include "mplang/Crypto/BFV/Encryptor.h"

#include <algorithm>

namespace mplang::crypto::bfv {

Decryptor::Decryptor(ContextPtr ctx, SecretKey sk)
    : ctx(std::move(ctx)), sk(std::move(sk)) {}

RnsPoly Decryptor::dotSecret(const Ciphertext &ct) const {
  // The secret key's first components are over the ciphertext's primes.
  const RnsBase base = ctx->dataBase().prefix(ct.numPrimes());
  const size_t n = ctx->degree();
  // Horner from the highest power: acc = (...(c_k s + c_{k-1}) s ...) s.
  RnsPoly acc = ct.polys.back();
  acc.forwardNtt(base);
  for (size_t k = ct.size() - 1; k-- > 1;) {
    RnsPoly next = ct.polys[k];
    next.forwardNtt(base);
    acc.multiplyPointwise(base, sk.ntt);
    for (size_t m = 0; m < base.size(); ++m) {
      const Modulus q = base.modulus(m);
      uint64_t *a = acc.component(m);
      const uint64_t *c = next.component(m);
      for (size_t i = 0; i < n; ++i)
        a[i] = q.add(a[i], c[i]);
    }
  }
  acc.multiplyPointwise(base, sk.ntt);
  acc.inverseNtt(base);
  for (size_t m = 0; m < base.size(); ++m) {
    const Modulus q = base.modulus(m);
    uint64_t *a = acc.component(m);
    const uint64_t *c0 = ct.polys[0].component(m);
    for (size_t i = 0; i < n; ++i)
      a[i] = q.add(a[i], c0[i]);
  }
  return acc;
}

llvm::Expected<Plaintext> Decryptor::decrypt(const Ciphertext &ct) const {
  if (llvm::Error err = checkCiphertextAtAnyLevel(*ctx, ct))
    return std::move(err);
  RnsPoly x = dotSecret(ct);
  Plaintext pt;
  pt.coeffs.resize(ctx->degree());
  double distance;
  const RnsScaler &scaler = ctx->decryptScaler(ct.numPrimes());
  scaler.scale(x.data.data(), pt.coeffs.data(), &distance);
  if (distance >= scaler.getExhaustedAt())
    return llvm::createStringError(
        "the ciphertext's noise budget is exhausted, so its plaintext is "
        "lost: use larger parameters, a smaller plain modulus or fewer "
        "multiplications");
  return pt;
}

llvm::Expected<int>
Decryptor::invariantNoiseBudget(const Ciphertext &ct) const {
  if (llvm::Error err = checkCiphertextAtAnyLevel(*ctx, ct))
    return std::move(err);
  RnsPoly x = dotSecret(ct);
  const RnsBase base = ctx->dataBase().prefix(ct.numPrimes());
  std::vector<uint64_t> primes = base.primes();
  BigUInt q = BigUInt::product(primes), halfQ = q;
  halfQ.divWord(2);
  std::vector<BigUInt> qHat;
  std::vector<uint64_t> factor; // t (Q/q_i)^-1 mod q_i
  for (size_t m = 0; m < primes.size(); ++m) {
    const Modulus qm = base.modulus(m);
    qHat.push_back(q);
    qHat.back().divWord(primes[m]);
    factor.push_back(qm.mul(qm.reduce(ctx->plainModulus().value()),
                            qm.inv(qHat.back().modWord(primes[m]))));
  }
  // CRT-compose t x mod Q per coefficient and track the largest |centred|.
  int maxBits = 0;
  for (size_t i = 0; i < ctx->degree(); ++i) {
    BigUInt v;
    for (size_t m = 0; m < primes.size(); ++m) {
      BigUInt term = qHat[m];
      term.mulWord(base.modulus(m).mul(x.component(m)[i], factor[m]));
      v.add(term);
    }
    while (v.compare(q) >= 0)
      v.sub(q);
    if (v.compare(halfQ) > 0) {
      BigUInt neg = q;
      neg.sub(v);
      v = neg;
    }
    maxBits = std::max(maxBits, v.bitLength());
  }
  return std::max(0, q.bitLength() - maxBits - 1);
}

} // namespace mplang::crypto::bfv
