//===- Encryptor.cpp - BFV public-key encryption --------------------------===//

#include "mplang/Crypto/BFV/Encryptor.h"
#include "ModSwitch.h"
#include "Sampling.h"
#include "ScaledPlain.h"
#include "mplang/Crypto/BFV/Evaluator.h"

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

static int bitLength(uint64_t x) { return 64 - __builtin_clzll(x); }

int floodingNoiseBits(uint64_t t, uint64_t firstPrime) {
  return bitLength(firstPrime) - bitLength(t) - 3;
}

llvm::Expected<Ciphertext> Encryptor::sanitize(const Ciphertext &ct) const {
  if (llvm::Error err = checkCiphertext(*ctx, ct))
    return std::move(err);
  if (ct.size() != 2)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "bfv: relinearize before sanitizing");
  const Modulus q0 = ctx->dataBase().modulus(0);
  const int bits = floodingNoiseBits(ctx->plainModulus().value(), q0.value());
  if (bits < 0)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "bfv: the first data prime leaves no room for flooding noise");
  Plaintext zero;
  zero.coeffs.assign(ctx->degree(), 0);
  llvm::Expected<Ciphertext> fresh = encrypt(zero);
  if (!fresh)
    return fresh.takeError();
  Evaluator eval(ctx);
  llvm::Expected<Ciphertext> r = eval.add(ct, *fresh);
  if (r && ctx->dataBase().size() > 1)
    r = eval.modSwitch(*r, ctx->dataBase().size() - 1);
  if (!r)
    return r.takeError();
  llvm::Expected<Seed> seed = randomSeed();
  if (!seed)
    return seed.takeError();
  Prg prg(*seed);
  uint64_t *c0 = r->polys[0].component(0);
  for (size_t i = 0; i < ctx->degree(); ++i) {
    // The top bits + 1 of a random word, signed: uniform in [-2^k, 2^k).
    int64_t e = static_cast<int64_t>(prg.next64()) >> (63 - bits);
    c0[i] = q0.add(c0[i], static_cast<uint64_t>(e) + (e < 0 ? q0.value() : 0));
  }
  return r;
}

} // namespace mplang::crypto::bfv
