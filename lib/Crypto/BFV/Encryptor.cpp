//===- Encryptor.cpp - BFV public-key encryption --------------------------===//

#include "mplang/Crypto/BFV/Encryptor.h"
#include "KeySwitch.h"
#include "Sampling.h"
#include "ScaledPlain.h"

namespace mplang::bfv {

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
  const size_t n = ctx->degree();
  RnsPoly u = smallToNtt(sampleTernary(prg, n), qp);
  Ciphertext ct;
  thread_local RnsPoly c; // reused: fresh buffers page-fault every call
  for (const RnsPoly *key : {&pk.b, &pk.a}) {
    c = *key;
    c.multiplyPointwise(qp, u);
    c.inverseNtt(qp);
    RnsPoly e = smallToRns(sampleError(prg, n), qp);
    for (size_t m = 0; m < qp.size(); ++m) {
      const Modulus q = qp.modulus(m);
      uint64_t *cm = c.component(m);
      const uint64_t *em = e.component(m);
      for (size_t i = 0; i < n; ++i)
        cm[i] = q.add(cm[i], em[i]);
    }
    ct.polys.emplace_back(ctx->dataBase().size(), n);
    addDividedBySpecialPrime(*ctx, c, ct.polys.back());
  }
  addScaledPlain(*ctx, pt, ct.polys[0], /*subtract=*/false);
  return ct;
}

} // namespace mplang::bfv
