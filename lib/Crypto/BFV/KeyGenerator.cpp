//===- KeyGenerator.cpp - BFV key generation ------------------------------===//

#include "Sampling.h"
#include "mplang/Crypto/BFV/Keys.h"

namespace mplang::crypto::bfv {

uint32_t galoisElementForRowRotation(size_t n, int64_t step) {
  int64_t half = static_cast<int64_t>(n / 2);
  uint64_t s = static_cast<uint64_t>(((step % half) + half) % half);
  return static_cast<uint32_t>(Modulus(2 * n).pow(3, s));
}

std::vector<int64_t> powerOfTwoRotations(size_t n, int64_t step) {
  const int64_t half = static_cast<int64_t>(n / 2);
  int64_t left = ((step % half) + half) % half;
  int64_t k = left > half / 2 ? left - half : left;
  std::vector<int64_t> steps;
  for (int64_t bit = 1; k; bit <<= 1, k /= 2) {
    if (!(k & 1))
      continue;
    int64_t digit = 2 - ((k % 4) + 4) % 4;
    k -= digit;
    steps.push_back(digit * bit);
  }
  return steps;
}

RnsPoly expandUniform(Prg &prg, const RnsBase &base) {
  RnsPoly p(base.size(), base.degree());
  for (size_t m = 0; m < base.size(); ++m) {
    uint64_t *o = p.component(m);
    for (size_t i = 0; i < p.n; ++i)
      o[i] = prg.uniform(base.modulus(m));
  }
  return p;
}

llvm::Expected<KeyGenerator> KeyGenerator::create(ContextPtr ctx) {
  llvm::Expected<Seed> seed = randomSeed();
  if (!seed)
    return seed.takeError();
  Prg prg(*seed);
  SecretKey sk;
  sk.coeffs = sampleTernary(prg, ctx->degree());
  sk.ntt = smallToNtt(sk.coeffs, ctx->keyBase());
  return KeyGenerator(std::move(ctx), std::move(sk));
}

KeyGenerator::KeyGenerator(ContextPtr ctx, SecretKey sk)
    : ctx(std::move(ctx)), sk(std::move(sk)) {}

/// Writes -a s + e into b for the first a.numModuli primes of `base`.
static void rlweSample(const RnsPoly &a, const RnsPoly &s, const RnsPoly &e,
                       const RnsBase &base, RnsPoly &b) {
  b = RnsPoly(a.numModuli, a.n);
  for (size_t m = 0; m < a.numModuli; ++m) {
    const Modulus q = base.modulus(m);
    const uint64_t *am = a.component(m), *sm = s.component(m),
                   *em = e.component(m);
    uint64_t *bm = b.component(m);
    for (size_t i = 0; i < a.n; ++i)
      bm[i] = q.sub(em[i], q.mul(am[i], sm[i]));
  }
}

llvm::Expected<PublicKey> KeyGenerator::createPublicKey() const {
  llvm::Expected<std::pair<Seed, Seed>> seeds = publicAndPrivateSeeds();
  if (!seeds)
    return seeds.takeError();
  const RnsBase &base = ctx->keyBase();
  PublicKey pk;
  pk.seed = seeds->first;
  Prg aPrg(seeds->first), ePrg(seeds->second);
  pk.a = expandUniform(aPrg, base);
  RnsPoly e = smallToNtt(sampleError(ePrg, ctx->degree()), base);
  rlweSample(pk.a, sk.ntt, e, base, pk.b);
  return pk;
}

llvm::Expected<KeySwitchKey>
KeyGenerator::createKeySwitchKey(const RnsPoly &target) const {
  llvm::Expected<std::pair<Seed, Seed>> seeds = publicAndPrivateSeeds();
  if (!seeds)
    return seeds.takeError();
  const RnsBase &base = ctx->keyBase();
  KeySwitchKey key;
  key.seed = seeds->first;
  Prg aPrg(seeds->first), ePrg(seeds->second);
  for (size_t j = 0; j < ctx->dataBase().size(); ++j) {
    key.a.push_back(expandUniform(aPrg, base));
    RnsPoly e = smallToNtt(sampleError(ePrg, ctx->degree()), base);
    RnsPoly b;
    rlweSample(key.a.back(), sk.ntt, e, base, b);
    const Modulus qj = base.modulus(j);
    ShoupConst p = qj.shoup(ctx->specialModQ()[j]);
    uint64_t *bj = b.component(j);
    const uint64_t *tj = target.component(j);
    for (size_t i = 0; i < b.n; ++i)
      bj[i] = qj.add(bj[i], qj.mulShoup(tj[i], p));
    key.b.push_back(std::move(b));
  }
  return key;
}

llvm::Expected<RelinKeys> KeyGenerator::createRelinKeys() const {
  const RnsBase &base = ctx->keyBase();
  RnsPoly square(base.size(), ctx->degree());
  for (size_t m = 0; m < base.size(); ++m) {
    const Modulus q = base.modulus(m);
    const uint64_t *s = sk.ntt.component(m);
    uint64_t *o = square.component(m);
    for (size_t i = 0; i < square.n; ++i)
      o[i] = q.mul(s[i], s[i]);
  }
  llvm::Expected<KeySwitchKey> key = createKeySwitchKey(square);
  if (!key)
    return key.takeError();
  return RelinKeys{std::move(*key)};
}

llvm::Expected<GaloisKeys>
KeyGenerator::createGaloisKeys(llvm::ArrayRef<int64_t> steps,
                               bool columns) const {
  std::vector<uint32_t> elements;
  for (int64_t step : steps)
    elements.push_back(galoisElementForRowRotation(ctx->degree(), step));
  if (columns)
    elements.push_back(galoisElementForColumnRotation(ctx->degree()));
  const RnsBase &base = ctx->keyBase();
  RnsPoly s = smallToRns(sk.coeffs, base);
  GaloisKeys keys;
  for (uint32_t g : elements) {
    if (g == 1 || keys.keys.count(g))
      continue;
    RnsPoly target = s.applyGalois(base, g);
    target.forwardNtt(base);
    llvm::Expected<KeySwitchKey> key = createKeySwitchKey(target);
    if (!key)
      return key.takeError();
    keys.keys.emplace(g, std::move(*key));
  }
  return keys;
}

llvm::Expected<GaloisKeys> KeyGenerator::createGaloisKeys() const {
  std::vector<int64_t> steps;
  for (int64_t s = 1; s < static_cast<int64_t>(ctx->degree() / 2); s *= 2) {
    steps.push_back(s);
    steps.push_back(-s);
  }
  return createGaloisKeys(steps);
}

} // namespace mplang::crypto::bfv
