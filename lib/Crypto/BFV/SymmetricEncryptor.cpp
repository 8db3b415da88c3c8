//===- SymmetricEncryptor.cpp - BFV secret-key encryption -----------------===//

#include "Sampling.h"
#include "ScaledPlain.h"
#include "mplang/Crypto/BFV/Encryptor.h"

namespace mplang::crypto::bfv {

llvm::Expected<Ciphertext>
SymmetricEncryptor::encrypt(const Plaintext &pt) const {
  if (llvm::Error err = checkPlaintext(*ctx, pt))
    return std::move(err);
  // The seed of `a` is published with the ciphertext; the error comes from
  // the private one.
  llvm::Expected<std::pair<Seed, Seed>> seeds = publicAndPrivateSeeds();
  if (!seeds)
    return seeds.takeError();
  const RnsBase &q = ctx->dataBase();
  Prg uniform(seeds->first), noise(seeds->second);
  Ciphertext ct;
  ct.seed = seeds->first;
  RnsPoly a = expandUniform(uniform, q);
  RnsPoly as = a;
  as.forwardNtt(q);
  as.multiplyPointwise(q, sk.ntt); // sk.ntt's first components are over Q
  as.inverseNtt(q);
  RnsPoly c0 = smallToRns(sampleError(noise, ctx->degree()), q);
  c0.addInPlace(q, as, /*subtract=*/true);
  addScaledPlain(*ctx, pt, c0, /*subtract=*/false);
  ct.polys.push_back(std::move(c0));
  ct.polys.push_back(std::move(a));
  return ct;
}

} // namespace mplang::crypto::bfv
