//===- Encryptor.cpp - BFV public-key encryption --------------------------===//

#include "mplang/Crypto/BFV/Encryptor.h"
#include "ModSwitch.h"
#include "Sampling.h"
#include "ScaledPlain.h"

namespace mplang::crypto::bfv {

llvm::Expected<Ciphertext> Encryptor::encrypt(const Plaintext &pt) const {
  if (llvm::Error err = checkPlaintext(*ctx, pt))
    return std::move(err);
  llvm::Expected<Seed> seed = randomSeed();
  if (!seed)
    return seed.takeError();
  Prg prg(*seed);
  // Encrypting zero over Q P and dividing by P shrinks the noise from
  // e u + e' to about 1 + ||s||, as SEAL does.
  const RnsBase &qp = ctx->keyBase();
  const size_t n = ctx->degree(), l = ctx->dataBase().size();
  RnsPoly u = smallToNtt(sampleTernary(prg, n), qp);
  Ciphertext ct;
  for (const RnsPoly *key : {&pk.b, &pk.a}) {
    RnsPoly c = RnsPoly::product(qp, *key, u);
    c.inverseNtt(qp);
    addSmall(c, sampleError(prg, n), qp);
    ct.polys.push_back(RnsPoly::uninitialized(l, n));
    divideByLastPrime(qp, c, ct.polys.back(), /*accumulate=*/false);
  }
  addScaledPlain(*ctx, pt, ct.polys[0], /*subtract=*/false);
  return ct;
}

} // namespace mplang::crypto::bfv
