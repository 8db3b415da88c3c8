//===- Encryptor.cpp - BFV public-key encryption --------------------------===//

#include "mplang/Crypto/BFV/Encryptor.h"
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
  const RnsBase &base = ctx->dataBase();
  const size_t n = ctx->degree();
  RnsPoly u = smallToNtt(sampleTernary(prg, n), base);
  Ciphertext ct;
  for (const RnsPoly *key : {&pk.b, &pk.a}) {
    RnsPoly c(base.size(), n);
    for (size_t m = 0; m < base.size(); ++m) {
      const Modulus q = base.modulus(m);
      const uint64_t *km = key->component(m), *um = u.component(m);
      uint64_t *cm = c.component(m);
      for (size_t i = 0; i < n; ++i)
        cm[i] = q.mul(km[i], um[i]);
    }
    c.inverseNtt(base);
    std::vector<int8_t> e = sampleError(prg, n);
    for (size_t m = 0; m < base.size(); ++m) {
      const Modulus q = base.modulus(m);
      uint64_t *cm = c.component(m);
      for (size_t i = 0; i < n; ++i)
        cm[i] = q.add(cm[i], q.fromSigned(e[i]));
    }
    ct.polys.push_back(std::move(c));
  }
  addScaledPlain(*ctx, pt, ct.polys[0], /*subtract=*/false);
  return ct;
}

} // namespace mplang::bfv
